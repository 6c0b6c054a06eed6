import Foundation
import Mustache

/// The render work of one build, all pages together: each page has its own limits (steps and
/// size, `TemplateRenderer`), and this bounds their sum, so no number of pages can make a build
/// run for hours. A 10-year journal with the default theme (6,422 pages) takes 5.1 million steps
/// and 73 MB, under 1% of either (docs/content-format.md, 'Theme limits').
///
/// Pages render on every core and report as they go; once the sum is over, every page still
/// rendering stops with one error naming the page template whose pages had taken the most.
public final class SiteRenderBudget: RenderBudget, @unchecked Sendable {
    /// Steps (nodes visited, and enclosing values a name was looked for in) of all pages.
    public let maxSteps: Int
    /// Bytes of all pages.
    public let maxBytes: Int
    public static let defaultMaxSteps = 1_000_000_000
    public static let defaultMaxBytes = 8 << 30

    private let lock = NSLock()
    private var steps = 0
    private var bytes = 0
    /// Steps and bytes by page template (its path), to name the heaviest.
    private var stepsByTemplate: [String: Int] = [:]
    private var bytesByTemplate: [String: Int] = [:]
    private var exceeded: TemplateRenderError?

    public init(maxSteps: Int = defaultMaxSteps, maxBytes: Int = defaultMaxBytes) {
        self.maxSteps = maxSteps
        self.maxBytes = maxBytes
    }

    /// What the pages rendered so far took and made.
    public var spent: (steps: Int, bytes: Int) {
        lock.withLock { (steps, bytes) }
    }

    public func spend(steps: Int, bytes: Int, template: String) -> TemplateRenderError? {
        lock.withLock {
            if let exceeded { return exceeded }
            self.steps += steps
            self.bytes += bytes
            stepsByTemplate[template, default: 0] += steps
            bytesByTemplate[template, default: 0] += bytes
            guard self.steps > maxSteps || self.bytes > maxBytes else { return nil }
            let overSteps = self.steps > maxSteps
            // The template whose pages took the most of what ran out, the first by path among equals.
            let heaviest = (overSteps ? stepsByTemplate : bytesByTemplate).max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? template
            let what = overSteps ? "take more than \(maxSteps) render steps in all" : "are larger than \(maxBytes >> 20) MB in all"
            let error = TemplateRenderError(
                message: "the site's pages \(what), the limit for one build; this template's pages took the most of it", path: heaviest, line: 0, column: 0)
            exceeded = error
            return error
        }
    }
}
