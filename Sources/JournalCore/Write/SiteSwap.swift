import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a staged site becomes the output (`commit`): what the spare held that the new site does
/// not is removed, the new site is flushed to disk and swapped in, and the previous site is kept
/// as the next build's spare or removed.
extension SiteWriter {
    public func commit() throws(Failure) -> Report {
        defer { unlock() }
        if !kept.contains(Self.markerName) { put(OutputFile(path: Self.markerName, text: Self.markerText)) }
        let folders = pruneSpare()
        if !failures.isEmpty {
            discardStaging()
            throw Failure(messages: failures.sorted())
        }
        let written = changed.subtracting([Self.markerName]).count
        let removed = previousFiles.keys.filter { !kept.contains($0) }.count
        let unchanged = hasPrevious && written == 0 && removed == 0 && !previousHasOthers && previousFolders.count == folders.count - 1
        // What goes live is on disk first, so a power loss after the swap never finds a site
        // whose files are empty or missing where a whole one stood (docs/content-format.md, "The
        // output folder"). A first build has no site to lose: a power cut leaves its files' stamps
        // unlike the marker's, so the next build writes it again; it is not flushed, which spares
        // CI and first builds the cost of writing 150 MB through at once.
        if flushesToDisk && hasPrevious && !unchanged {
            let result = Platform.flushTree(staging)
            guard result == 0 else {
                discardStaging()
                throw Failure("cannot flush the new site to disk (\(Platform.describe(result))); the previous site was left as it was")
            }
        }
        // Swapping happens under the parent's lock, so no other build's look at the staging
        // folders (`recover`) can fall between the steps of a two-rename swap.
        guard let parentLock = Platform.lockFolder(folder.parent, wait: true) else {
            let reason = Platform.describe(errno)
            discardStaging()
            throw Failure("cannot lock \(folder.parent) for writing: \(reason)")
        }
        defer { Platform.unlock(parentLock) }
        guard hasPrevious else {
            let result = moves.rename(staging, output)
            guard result == 0 else {
                discardStaging()
                throw Failure("cannot move the new site into place at \(folder.shown): \(Platform.describe(result))")
            }
            flushMove()
            return Report(written: written, removed: 0)
        }
        if unchanged {
            // Nothing of the site changed: the output stays as it is but for the marker, and
            // staging (the site again) is the next build's spare.
            if changed.contains(Self.markerName) {
                rename(staging + "/" + Self.markerName, output + "/" + Self.markerName)
            }
            keepAsSpare(staging)
            return Report(written: 0, removed: 0)
        }
        try swapIntoPlace()
        return Report(written: written, removed: removed)
    }

    /// Exchanges staging and output, then removes the previous site (now in staging). Where the
    /// file system cannot exchange, two renames, with `recover` as the rule if a build dies
    /// between them: the output is moved aside (`.public.old-PID`), then staging takes its name.
    private func swapIntoPlace() throws(Failure) {
        let result = moves.exchange(staging, output)
        if result == 0 {
            flushMove()
            keepAsSpare(staging)
            return
        }
        if result == EXDEV || result == EBUSY {
            discardStaging()
            throw Failure(
                "cannot replace \(folder.shown) in one step: it is a mount point (\(Platform.describe(result))); build into a folder inside it instead, such as --output \(folder.shown)/site"
            )
        }
        guard result == ENOSYS || result == EINVAL else {
            discardStaging()
            throw Failure("cannot move the new site into place at \(folder.shown): \(Platform.describe(result))")
        }
        let old = folder.parent + "/.\(folder.name).old-\(getpid())"
        let aside = moves.rename(output, old)
        guard aside == 0 else {
            discardStaging()
            throw Failure("cannot move the previous site aside: \(Platform.describe(aside))")
        }
        let placed = moves.rename(staging, output)
        guard placed == 0 else {
            _ = moves.rename(old, output)
            discardStaging()
            throw Failure("cannot move the new site into place at \(folder.shown): \(Platform.describe(placed))")
        }
        flushMove()
        keepAsSpare(old)
    }

    /// After the site was moved into place: its folder and the parent's entries to disk, so the
    /// new site, not the previous one, is the output after a power loss. (An error here is not
    /// reported: the new site is live, and a power loss can only bring back the previous one whole.)
    private func flushMove() {
        guard flushesToDisk else { return }
        _ = Platform.flushFolder(output)
        _ = Platform.flushFolder(folder.parent)
    }

    /// Keeps `path`, the previous site, for the next build (`spare`); removes it when it cannot.
    /// Runs under the parent's lock.
    private func keepAsSpare(_ path: String) {
        guard rename(path, spare) == 0 else {
            remove(path)
            return
        }
        // Kept out of git in journals whose .gitignore predates the spare; the next build
        // removes it from staging like any file the site does not have.
        _ = FileTree.writeNew(Array(Self.spareIgnoreText.utf8), to: spare + "/.gitignore")
    }

    static let spareIgnoreText = "# journal's previous site, kept so the next build is quick: safe to delete.\n*\n"

    /// Removes what the spare held that the new site does not (files, then the folders left
    /// empty, deepest first), and gives the folders the new site has ("" for staging itself).
    private func pruneSpare() -> Set<String> {
        var needed: Set<String> = [""]
        for path in kept {
            var folder = Self.parent(of: path)
            while needed.insert(folder).inserted { folder = Self.parent(of: folder) }
        }
        // Whatever of the spare cannot be removed would go live: the build fails instead.
        // Gone already (ENOENT, ENOTDIR: a folder on its way became a file of the new site) is
        // removed; a folder of the new site where the spare had a file stays.
        for path in spareFiles.keys where !kept.contains(path) && !needed.contains(path) {
            if unlink(staging + "/" + path) != 0 && errno != ENOENT && errno != ENOTDIR {
                failures.append("cannot remove \(path) from the staging folder \(staging): \(Platform.describe(errno))")
            }
        }
        for folder in spareFolders.subtracting(needed).sorted(by: >) where !kept.contains(folder) {
            guard rmdir(staging + "/" + folder) != 0, errno != ENOENT, errno != ENOTDIR else { continue }
            if !FileTree.removeTree(staging + "/" + folder) {
                failures.append("cannot remove \(folder) from the staging folder \(staging)")
            }
        }
        return needed
    }

    /// Removes `path`, a folder beside the output that is no longer needed: at once, or moved
    /// aside and removed in the background (`removesInBackground`).
    private func remove(_ path: String) {
        guard removesInBackground else {
            FileTree.removeTree(path)
            return
        }
        let aside = folder.parent + "/.\(folder.name).discard-\(getpid())-\(Self.discardNumber())"
        guard rename(path, aside) == 0 else {
            FileTree.removeTree(path)
            return
        }
        Thread.detachNewThread { FileTree.removeTree(aside) }
    }

    private static let discardLock = NSLock()
    nonisolated(unsafe) private static var discarded = 0

    private static func discardNumber() -> Int {
        discardLock.withLock {
            discarded += 1
            return discarded
        }
    }

    /// Removes the staging folder; the output is left as it was.
    public func discardStaging() {
        remove(staging)
    }
}
