import CPlatform
import Foundation

/// How a build moves its new site into place: the system's calls, or a test's that fails one of
/// them, to try the way a build takes on file systems that cannot exchange two folders.
struct SiteMoves: Sendable {
    /// Swaps two folders in one step (`Platform.exchange`): 0, or the `errno` (`ENOSYS` or
    /// `EINVAL` where the file system cannot).
    var exchange: @Sendable (String, String) -> Int32
    /// Renames (`Platform.move`): 0, or the `errno`.
    var rename: @Sendable (String, String) -> Int32

    static let system = SiteMoves(exchange: Platform.exchange, rename: Platform.move)
}
