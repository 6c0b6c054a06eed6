import Foundation
import Testing

@testable import JournalCore

/// Removing `journal serve`'s folder against the clock: all of it, links removed and never
/// followed, and what time does not allow goes on in the background.
@Suite struct FolderRemovalTests {
    /// A folder of `count` files in nested folders, beside a folder of the writer's own that a
    /// link inside points to.
    func tree(files count: Int) throws -> (root: String, folder: String, outside: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("journal-removal-\(UUID().uuidString)").path
        let folder = root + "/site"
        let outside = root + "/mine"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: outside + "/diary.md"))
        for index in 0..<count {
            let sub = folder + "/\(index % 7)/\(index % 3)"
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            try Data("page \(index)".utf8).write(to: URL(fileURLWithPath: sub + "/\(index).html"))
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/0/mine", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: folder + "/diary.md", withDestinationPath: outside + "/diary.md")
        return (root, folder, outside)
    }

    @Test func removesEverythingAndNothingALinkPointsTo() throws {
        let (root, folder, outside) = try tree(files: 300)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(FolderRemoval.remove(folder) == .removed)
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(FileManager.default.contents(atPath: outside + "/diary.md") == Data("keep me".utf8))
        // Gone already, or a single file: both fine.
        #expect(FolderRemoval.remove(folder) == .removed)
        #expect(FolderRemoval.remove(outside + "/diary.md") == .removed)
        #expect(!FileManager.default.fileExists(atPath: outside + "/diary.md"))
    }

    @Test func outOfTimeItStopsAndTheBackgroundFinishes() async throws {
        let (root, folder, outside) = try tree(files: 3000)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(FolderRemoval.remove(folder, within: 0) == .outOfTime)
        #expect(FileManager.default.fileExists(atPath: folder), "no time, yet all of it was removed")
        #expect(FolderRemoval.removeInBackground(folder))
        let deadline = Date(timeIntervalSinceNow: 30)
        while FileManager.default.fileExists(atPath: folder) && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(FileManager.default.contents(atPath: outside + "/diary.md") == Data("keep me".utf8))
    }

    /// Two removals of one folder at once (a second Ctrl-C's, the first stop's): what the other
    /// removed counts as removed, and nothing is left.
    @Test func twoRemovalsAtOnceBothEndAndLeaveNothing() throws {
        let (root, folder, outside) = try tree(files: 4000)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in outcomes.add(FolderRemoval.remove(folder)) }
        #expect(outcomes.all == [.removed, .removed], "\(outcomes.all)")
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(FileManager.default.contents(atPath: outside + "/diary.md") == Data("keep me".utf8))
    }

    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [FolderRemoval.Outcome] = []
        func add(_ outcome: FolderRemoval.Outcome) { lock.withLock { list.append(outcome) } }
        var all: [FolderRemoval.Outcome] { lock.withLock { list } }
    }
}
