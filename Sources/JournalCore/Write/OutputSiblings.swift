import CPlatform
import Foundation

/// What other builds leave beside the output folder (staging folders, a previous site moved aside,
/// new markers, folders being removed), how to tell whether a build still uses them, and what a
/// build that died left to put back or remove.
extension SiteWriter {
    /// The staging (`.public.staging-123`) and moved-aside (`.public.old-123`) folders, the
    /// new markers (`.public.marker-123`) and the folders left to remove (`.public.discard-123-4`)
    /// beside `folder`, by name.
    static func siblings(of folder: OutputFolder) -> [String] {
        var names: [String] = []
        FileTree.walk(folder.parent, recursive: false) { name, _ in
            for kind in ["staging", "old", "marker", "discard"] {
                let prefix = ".\(folder.name).\(kind)-"
                let rest = name.dropFirst(prefix.count)
                if name.hasPrefix(prefix), !rest.isEmpty, rest.allSatisfy({ $0.isASCII && ($0.isNumber || kind == "discard" && $0 == "-") }) {
                    names.append(name)
                }
            }
        }
        return names
    }

    /// Whether `name` is a folder a running process is still removing in the background.
    static func isBeingRemoved(_ name: String, of folder: OutputFolder) -> Bool {
        let prefix = ".\(folder.name).discard-"
        guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count).prefix(while: \.isNumber)), pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Whether a running build holds the lock on a staging folder of `folder`. Runs under the
    /// parent's lock.
    static func isBeingBuilt(_ folder: OutputFolder) -> Bool {
        siblings(of: folder).contains { name in
            guard name.hasPrefix(".\(folder.name).staging-") else { return false }
            guard let descriptor = Platform.lockFolder(folder.parent + "/" + name, wait: false) else { return errno == EWOULDBLOCK }
            Platform.unlock(descriptor)
            return false
        }
    }

    /// What a build that died left beside `folder`: a previous site moved aside (put back if
    /// the output is missing, as the two-rename swap leaves it when killed between its renames),
    /// staging folders and new markers (removed). Runs under the parent's lock, after `isBeingBuilt` said no
    /// build is using them.
    static func recover(_ folder: OutputFolder) {
        let leftovers = siblings(of: folder)
        var status = stat()
        if lstat(folder.path, &status) != 0, let moved = leftovers.sorted().first(where: { $0.hasPrefix(".\(folder.name).old-") }) {
            rename(folder.parent + "/" + moved, folder.path)
        }
        for name in leftovers where !isBeingRemoved(name, of: folder) {
            FileTree.removeTree(folder.parent + "/" + name)
        }
    }
}
