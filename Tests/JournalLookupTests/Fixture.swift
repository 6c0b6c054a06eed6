import Foundation
import LookupStub

/// The bytes of a file of Tests/Fixtures/lookup/.
func fixture(_ name: String) -> Data { StubServer.fixture(name) }

/// A new empty folder under the system's temporary folder, for a test's cache.
func temporaryFolder() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-lookup-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
