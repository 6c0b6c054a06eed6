import Foundation

/// Where a request path leads in the served folder: a file of it, a folder asked for without its
/// final `/`, nothing, or something refused (`..` however encoded, a NUL, a backslash, a link
/// that leads out). Hidden names are never part of a site. No HTTP here, so the fuzz target
/// calls it directly.
enum SitePath {
    enum Resolution: Equatable {
        case file(String)
        /// A folder asked for without its final `/`: pages link relative to it, so add it.
        case folder
        case missing
        case refused
    }

    /// Maps a request path (already percent-decoded) to a file of `folder`.
    static func resolve(_ requestPath: String, in folder: String) -> Resolution {
        guard requestPath.hasPrefix("/") else { return .refused }
        let names = requestPath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for name in names {
            if name == "." || name == ".." || name.contains("\0") || name.contains("\\") { return .refused }
            // Hidden files are never part of a site (the output's marker is one).
            if name.hasPrefix(".") { return .missing }
        }
        var path = ([folder] + names).joined(separator: "/")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
        if isFolder.boolValue {
            guard requestPath.hasSuffix("/") else { return .folder }
            path += "/index.html"
            // A folder of the site with no page of its own (`/assets/`) is not found, as on a host.
            guard FileManager.default.fileExists(atPath: path) else { return .missing }
        }
        // Links are followed only when they stay inside the folder.
        guard let real = realPath(path), let root = realPath(folder), real.hasPrefix(root + "/") else { return .refused }
        var isStillFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isStillFolder), !isStillFolder.boolValue else { return .missing }
        return .file(real)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

}
