import Foundation

/// The Write stage (STYLE.md), the only one that touches the output: the site is written to a
/// staging folder beside the output and swapped in only once it is complete (SPEC 8), so a
/// failed build leaves the previous site exactly as it was.
public struct SiteWriter: Sendable {
    /// The output folder.
    public var output: String
    /// The journal folder, for copying `static/`.
    public var source: String

    /// Marks a folder as made by `journal`, so a build never replaces a folder it did not make.
    public static let markerName = ".journal-output"

    public init(output: String, source: String) {
        self.output = output
        self.source = source
    }

    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public func write(_ site: SiteOutput) throws(Failure) {
        let fileManager = FileManager.default
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        let sourceURL = URL(fileURLWithPath: source).standardizedFileURL
        let outputPath = outputURL.path
        if sourceURL.path == outputPath || sourceURL.path.hasPrefix(outputPath.hasSuffix("/") ? outputPath : outputPath + "/") {
            throw Failure(message: "the output folder \(output) holds the journal itself; choose another (--output)")
        }
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: outputPath, isDirectory: &isDirectory)
        if exists {
            guard isDirectory.boolValue else { throw Failure(message: "\(output) exists and is not a folder") }
            let entries = (try? fileManager.contentsOfDirectory(atPath: outputPath)) ?? []
            if !entries.isEmpty && !entries.contains(Self.markerName) {
                throw Failure(message: "\(output) is not empty and was not made by journal; move it away or choose another output folder (--output), so nothing in it is lost")
            }
        }

        let parent = outputURL.deletingLastPathComponent()
        let name = outputURL.lastPathComponent
        let pid = ProcessInfo.processInfo.processIdentifier
        let staging = parent.appendingPathComponent(".\(name).staging-\(pid)")
        let retired = parent.appendingPathComponent(".\(name).old-\(pid)")
        try? fileManager.removeItem(at: staging)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw Failure(message: "cannot create the staging folder \(staging.path): \(error.localizedDescription)")
        }
        do {
            try fill(staging, with: site)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }

        // The swap: two renames on the same file system.
        if exists {
            try? fileManager.removeItem(at: retired)
            do {
                try fileManager.moveItem(at: outputURL, to: retired)
            } catch {
                try? fileManager.removeItem(at: staging)
                throw Failure(message: "cannot move the previous site aside: \(error.localizedDescription)")
            }
        }
        do {
            try fileManager.moveItem(at: staging, to: outputURL)
        } catch {
            if exists { try? fileManager.moveItem(at: retired, to: outputURL) }
            try? fileManager.removeItem(at: staging)
            throw Failure(message: "cannot move the new site into place: \(error.localizedDescription)")
        }
        if exists { try? fileManager.removeItem(at: retired) }
    }

    /// Writes every generated file and static copy into `folder`.
    private func fill(_ folder: URL, with site: SiteOutput) throws(Failure) {
        let fileManager = FileManager.default
        var madeFolders: Set<String> = [""]
        func ensureParent(of relative: String) throws(Failure) {
            let parent = (relative as NSString).deletingLastPathComponent
            guard !madeFolders.contains(parent) else { return }
            do {
                try fileManager.createDirectory(at: folder.appendingPathComponent(parent), withIntermediateDirectories: true)
            } catch {
                throw Failure(message: "cannot create \(parent): \(error.localizedDescription)")
            }
            var path = parent
            while !path.isEmpty, madeFolders.insert(path).inserted { path = (path as NSString).deletingLastPathComponent }
        }
        for file in site.files {
            guard SitePath.isSafe(file.path) else { throw Failure(message: "refusing to write outside the output folder: \(file.path)") }
            try ensureParent(of: file.path)
            // A plain write: the staging folder already makes the whole site atomic.
            do {
                try Data(file.bytes).write(to: folder.appendingPathComponent(file.path))
            } catch {
                throw Failure(message: "cannot write \(file.path): \(error.localizedDescription)")
            }
        }
        let staticRoot = URL(fileURLWithPath: source).appendingPathComponent("static")
        for relative in site.staticCopies {
            guard SitePath.isSafe(relative) else { continue }
            try ensureParent(of: relative)
            do {
                try fileManager.copyItem(at: staticRoot.appendingPathComponent(relative), to: folder.appendingPathComponent(relative))
            } catch {
                throw Failure(message: "cannot copy static/\(relative): \(error.localizedDescription)")
            }
        }
        let marker = "This folder is generated by `journal build` and replaced on every build. Edit the journal, not these files.\n"
        guard fileManager.createFile(atPath: folder.appendingPathComponent(Self.markerName).path, contents: Data(marker.utf8)) else {
            throw Failure(message: "cannot write \(Self.markerName)")
        }
    }
}
