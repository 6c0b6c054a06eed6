import Foundation

/// How the Load stage reads a journal's files: within a size limit, decoded as text, split into
/// front matter and body, listed in an order that never depends on the file system; every
/// problem reported with the file's name as messages show it.
extension JournalLoader {
    /// Reads and splits one content file, or reports why it cannot.
    func read(_ relative: String, limit: Int, into diagnostics: inout [Diagnostic]) -> FrontMatter? {
        var readable = true
        return read(relative, limit: limit, into: &diagnostics, readable: &readable)
    }

    /// `readable`: set false when the file's bytes could not be read (as opposed to read and refused).
    func read(_ relative: String, limit: Int, into diagnostics: inout [Diagnostic], readable: inout Bool) -> FrontMatter? {
        guard let text = readText(relative, limit: limit, into: &diagnostics, tooLarge: "(limits.max_file_size in journal.yaml)", readable: &readable) else {
            return nil
        }
        switch FrontMatter.split(text, path: display(relative)) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return nil
        case .success(let file):
            return file
        }
    }

    /// Reads, splits and decodes one content file (`decode`), its reading problems first; false
    /// beside it when the file's bytes could not be read.
    func readAndDecode<Value: Sendable>(_ relative: String, limit: Int, _ decode: (FrontMatter) -> DecodedFile<Value>) -> (DecodedFile<Value>, readable: Bool) {
        var found: [Diagnostic] = []
        var readable = true
        guard let file = read(relative, limit: limit, into: &found, readable: &readable) else {
            return (DecodedFile(value: nil, diagnostics: found), readable)
        }
        var decoded = decode(file)
        decoded.diagnostics = found + decoded.diagnostics
        return (decoded, true)
    }

    /// One file of the journal as text: read within `limit` (`tooLarge` ends the message when it
    /// is over), decoded, its control characters reported and replaced; nil after reporting why not.
    func readText(_ relative: String, limit: Int, into diagnostics: inout [Diagnostic], tooLarge: String) -> String? {
        var readable = true
        return readText(relative, limit: limit, into: &diagnostics, tooLarge: tooLarge, readable: &readable)
    }

    func readText(_ relative: String, limit: Int, into diagnostics: inout [Diagnostic], tooLarge: String, readable: inout Bool) -> String? {
        let path = display(relative)
        let data: [UInt8]
        switch FileTree.read(join(source, relative), limit: limit) {
        case .bytes(let bytes):
            data = bytes
        case .failed(let code):
            diagnostics.append(Diagnostic(.error, "cannot read this file: \(Platform.describe(code))", path: path, line: 1, column: 1))
            readable = false
            return nil
        case .tooLarge(let size):
            diagnostics.append(Diagnostic(.error, "the file is \(size) bytes, over the limit of \(limit) \(tooLarge)", path: path, line: 1, column: 1))
            return nil
        }
        switch SourceText.decode(data, path: path) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return nil
        case .success(var text):
            if let problem = SourceText.removeControlCharacters(&text, path: path) { diagnostics.append(problem) }
            return text
        }
    }

    /// `.md` files under a folder of the journal, relative to the journal, sorted.
    func markdownFiles(in folder: String, diagnostics: inout [Diagnostic]) -> [String] {
        files(in: folder, diagnostics: &diagnostics).filter { $0.lowercased().hasSuffix(".md") }
    }

    /// `markdownFiles` with each file's stamp (`LoadCache.stamp`).
    func markdownFileStamps(in folder: String, diagnostics: inout [Diagnostic]) -> [(relative: String, stamp: String)] {
        let tree = JournalTree(join(source, folder))
        for problem in tree.problems {
            diagnostics.append(Diagnostic(.error, problem.message, path: display(join(folder, problem.relative)), line: 1, column: 1))
        }
        return tree.files.filter { $0.relative.lowercased().hasSuffix(".md") }.map { (folder + "/" + $0.relative, LoadCache.stamp($0.status)) }
    }

    /// Regular files under a folder of the journal (`JournalTree`: hidden ones left out, links
    /// followed), relative, sorted by their bytes so the order never depends on the file system
    /// or the locale. What cannot be read is reported.
    func files(in folder: String, diagnostics: inout [Diagnostic]) -> [String] {
        let tree = JournalTree(join(source, folder), published: folder == "static" ? (source.isEmpty ? "." : source) : nil)
        for problem in tree.problems {
            diagnostics.append(Diagnostic(.error, problem.message, path: display(join(folder, problem.relative)), line: 1, column: 1))
        }
        return tree.files.map { folder + "/" + $0.relative }
    }

    func stem(_ relative: String) -> String {
        ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// How a journal file is named in messages: relative to the current folder.
    func display(_ relative: String) -> String {
        source == "." || source.isEmpty ? relative : join(source, relative)
    }
}

/// Joins path parts with exactly one `/`.
public func join(_ base: String, _ relative: String) -> String {
    if base.isEmpty || base == "." { return relative }
    if relative.isEmpty { return base }
    return base.hasSuffix("/") ? base + relative : base + "/" + relative
}

/// The folder `path` is in, as `NSString.deletingLastPathComponent` gives it (`a/b` is `a`, `/a`
/// is `/`, `a` is empty), which Foundation on Linux traps on for a one-character relative name
/// (`journal init q`).
public func parentFolder(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    var head = trimmed[..<slash]
    while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
    return String(head)
}
