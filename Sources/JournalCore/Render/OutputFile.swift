import Mustache

/// One file of the built site, as bytes, at a path relative to the output folder.
public struct OutputFile: Hashable, Sendable {
    /// Relative, `/`-separated, never absolute and never containing `..` (checked by `SitePath`).
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}

/// One file of the site, to be made by `SiteRenderer.render(_:)`: a page from a template and
/// its data, or bytes from a function (charts, feeds, theme assets).
public struct FileJob: Sendable {
    enum Content: Sendable {
        /// A page: its URL path (`2026/11/21/`), template and data.
        case page(url: String, template: String, data: @Sendable () -> TemplateObject)
        case bytes(@Sendable () -> [UInt8])
        /// An image: SVG drawn at `width` x `height` pixels as JPEG (`CardDrawing`, which keeps
        /// each card in a `CardStore`); `render(_:)` gives the SVG.
        case raster(width: Int, height: Int, svg: @Sendable () -> [UInt8])
    }

    /// Where the file goes, relative to the output folder.
    public var path: String
    var content: Content
    /// What it is made from (`FileInputs`): the keys an edit must reach for `journal serve` to
    /// make it first. None: only the whole site's pass remakes it.
    var inputs: [String] = []

    /// The same job, made from `inputs`.
    func from(_ inputs: [String]) -> FileJob {
        var job = self
        job.inputs = inputs
        return job
    }

    init(path: String, page url: String, template: String, data: @escaping @Sendable () -> TemplateObject) {
        self.path = path
        content = .page(url: url, template: template, data: data)
    }

    init(path: String, bytes: @escaping @Sendable () -> [UInt8]) {
        self.path = path
        content = .bytes(bytes)
    }

    /// A PNG drawn from SVG (share cards): what `render(_:)` gives is the SVG, drawn at this size.
    init(path: String, width: Int, height: Int, svg: @escaping @Sendable () -> [UInt8]) {
        self.path = path
        content = .raster(width: width, height: height, svg: svg)
    }

    /// The pixel size of a PNG drawn from SVG; nil for every other file.
    public var rasterSize: (width: Int, height: Int)? {
        if case .raster(let width, let height, _) = content { return (width, height) }
        return nil
    }

    /// The page's URL path and template, for a page.
    var page: (url: String, template: String)? {
        if case .page(let url, let template, _) = content { return (url, template) }
        return nil
    }
}

/// Everything Render decided the output holds, before any of it is made.
public struct SitePlan: Sendable {
    public var jobs: [FileJob]
    /// Relative paths under `static/` to copy to the same relative path in the output.
    public var staticCopies: [String]
    public var diagnostics: [Diagnostic]
    /// Number of HTML pages.
    public var pageCount: Int
}

/// Checks that a relative output path stays inside the output folder.
public enum SitePath {
    public static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\u{0}") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
