import Foundation

/// The bytes of a file of Tests/Fixtures/sync/ (bodies of the servers `journal sync` reads).
func syncFixture(_ name: String) -> Data {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/sync")
    return FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) ?? Data()
}
