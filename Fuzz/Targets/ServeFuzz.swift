// `journal serve`'s request handling without a socket: the bytes a client sends, read as
// `ClientConnection` reads them (RequestHead: where the head ends, in pieces and at once; its
// parse within the size limit), the Host check on what was parsed, and the path's resolution in a
// small served folder with a hidden file and links in and out (SitePath). The sources are
// compiled into this target (Sources/JournalServe/RequestHead.swift, HostCheck.swift,
// SitePath.swift), since JournalServe itself needs FlyingFox; nothing else is linked (not
// Targets/Support, which needs JournalCore).
import Foundation

#if canImport(Glibc)
import Glibc
#endif

private let limit = 16 * 1024

/// A served folder: pages, a hidden file, a link inside and links out.
private let site: String = {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("serve-fuzz-\(getpid())").path
    let root = base + "/site"
    try? FileManager.default.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
    for file in ["index.html", "404.html", "a/index.html", "a/b/style.css", ".journal-output", "a/.secret", "feed.xml"] {
        _ = FileManager.default.createFile(atPath: root + "/" + file, contents: Data("x".utf8))
    }
    _ = FileManager.default.createFile(atPath: base + "/outside.txt", contents: Data("private".utf8))
    try? FileManager.default.createSymbolicLink(atPath: root + "/out", withDestinationPath: base)
    try? FileManager.default.createSymbolicLink(atPath: root + "/passwd", withDestinationPath: "/etc/passwd")
    try? FileManager.default.createSymbolicLink(atPath: root + "/in", withDestinationPath: "a")
    try? FileManager.default.createSymbolicLink(atPath: root + "/loop", withDestinationPath: "loop")
    return root
}()

private let realSite: String = {
    guard let resolved = realpath(site, nil) else { return site }
    defer { free(resolved) }
    return String(cString: resolved)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let all = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte sets the size of the pieces the head arrives in (1 to 64 bytes).
    let pieceSize = Int(all.first ?? 0) % 64 + 1
    let bytes = Array(all.dropFirst())

    // Where the head ends, found piece by piece as the connection reads, equals one look at all of it.
    let skip = RequestHead.leadingEmptyLineBytes(in: bytes[...])
    let head = bytes[skip...]
    let whole = RequestHead.end(in: head, from: head.startIndex)
    var scanned = head.startIndex, found: Int?
    var available = head.startIndex
    while available < head.endIndex, found == nil {
        available = min(available + pieceSize, head.endIndex)
        found = RequestHead.end(in: head[..<available], from: scanned)
        scanned = available
    }
    require(found == whole, "the end found in pieces of \(pieceSize) (\(String(describing: found))) is not the end found at once (\(String(describing: whole)))")
    guard let end = whole else { return 0 }
    require(end > head.startIndex && end <= head.endIndex && head[end - 1] == 0x0A, "the end is not just past a line feed")

    switch RequestHead.parse(head[..<end], limit: limit) {
    case .failure(let refusal):
        if end - head.startIndex > limit { require(refusal == .tooLarge, "a head over the limit refused as \(refusal)") }
    case .success(let request):
        require(end - head.startIndex <= limit, "a head over the limit was read")
        check(request)
    }
    return 0
}

private func check(_ request: RequestHead) {
    require(!request.method.isEmpty && request.method.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "method \(shown(request.method))")
    require(request.target.hasPrefix("/") && request.target.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "target \(shown(request.target))")
    require(request.version == "HTTP/1.1" || request.version == "HTTP/1.0", "version \(shown(request.version))")
    for field in request.headers {
        require(!field.name.isEmpty && !field.name.contains(":") && field.name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "header name \(shown(field.name))")
        require(!field.value.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }, "header value \(shown(field.value))")
        require(field.value.first != " " && field.value.last != " ", "header value not trimmed \(shown(field.value))")
    }
    let hosts = request.headers.filter { $0.name.lowercased() == "host" }
    require(hosts.count <= 1 && (request.version == "HTTP/1.0" || hosts.count == 1), "Host headers: \(hosts.count)")
    let encodings = request.headers.contains { $0.name.lowercased() == "transfer-encoding" }
    let lengths = request.headers.contains { $0.name.lowercased() == "content-length" }
    require(!(encodings && lengths), "both Content-Length and Transfer-Encoding were accepted")
    if encodings { require(request.declaresBody, "a Transfer-Encoding without a body") }

    // Written out again in its plain form, it reads back the same.
    let written = "\(request.method) \(request.target) \(request.version)\r\n"
        + request.headers.map { "\($0.name): \($0.value)\r\n" }.joined() + "\r\n"
    let again = RequestHead.parse(Array(written.utf8)[...], limit: Int.max)
    require(again == .success(request), "the head written again reads as \(again)")

    // The Host check: an accepted name is an address or localhost, never a DNS name.
    if let host = request.header("host") {
        let printable = HostCheck.printable(host)
        require(printable.count <= 100 && printable.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "printable \(shown(printable))")
        if HostCheck.isAddress(host) {
            var name = host.trimmingCharacters(in: .whitespaces).lowercased()
            if !name.hasPrefix("["), let colon = name.lastIndex(of: ":") { name = String(name[..<colon]) }
            let isLocal = name == "localhost" || name.hasSuffix(".localhost")
            let isIPv4 = name.split(separator: ".", omittingEmptySubsequences: false).count == 4 && name.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            let isIPv6 = name.hasPrefix("[") && name.allSatisfy { $0.isASCII && ($0.isHexDigit || "[]:.".contains($0)) }
            require(isLocal || isIPv4 || isIPv6, "the Host \(shown(host)) was taken for an address")
        }
    }

    // The path: never a file outside the served folder, never a hidden one.
    let path = request.pathAndQuery.path
    guard let decoded = path.removingPercentEncoding else { return }
    switch SitePath.resolve(decoded, in: site) {
    case .file(let file):
        require(file.hasPrefix(realSite + "/"), "\(shown(decoded)) resolved outside the site: \(shown(file))")
        require(!file.dropFirst(realSite.count).split(separator: "/").contains { $0.hasPrefix(".") }, "\(shown(decoded)) resolved to a hidden file \(shown(file))")
        var status = stat()
        require(stat(file, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG, "\(shown(decoded)) resolved to something not a file")
    case .folder:
        require(!decoded.hasSuffix("/"), "a folder with its / asked to add one")
    case .missing, .refused:
        break
    }
}

/// Stops the run with a message libFuzzer shows above the stack trace (it saves the input).
private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        var text = Array("\nFUZZ INVARIANT BROKEN: \(message())\n".utf8)
        _ = text.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }
}

/// A string on one line, invisible and non-ASCII characters escaped.
private func shown(_ text: String) -> String {
    "\"" + text.unicodeScalars.prefix(200).map { $0.value < 0x20 || $0.value >= 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined() + "\""
}
