/// Whether a build would show an image as a cover, asked before one is saved into the journal
/// (`journal add` and `journal enrich`, docs/content-format.md "Covers"): the rules of the build
/// itself (`StaticImages` and `CoverSources`), so a saved cover can never make the journal fail
/// to build.
public enum CoverBytes {
    /// Why a build would refuse `bytes` as a cover file, or nil when it would resize it: the file
    /// must start like a PNG, JPEG or WebP image, be at most 100 MiB, have a header libvips reads,
    /// at most 50 megapixels, and decode whole (not cut short or damaged).
    public static func problem(_ bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty else { return "it is empty (0 bytes)" }
        let format = StaticImages.format(ofHead: Array(bytes.prefix(StaticImages.headSize)))
        guard format == .png || format == .jpeg || format == .webp else { return "it does not start like a PNG, JPEG or WebP image" }
        switch CoverSources.inspect(bytes, file: "") {
        case .success: return nil
        case .failure(.tooLarge(_, let size)):
            return "it is \(size >> 20) MB; a cover may be at most \(CoverSources.maxBytes >> 20) MB"
        case .failure(.notAnImage), .failure(.unreadable):
            return "it cannot be read as an image (it may be damaged or not what its first bytes say)"
        case .failure(.damaged(_, let reason)):
            return "it is cut short or damaged (\(reason))"
        case .failure(.tooManyPixels(_, let width, let height)):
            let megapixels = (width * height + 500_000) / 1_000_000
            return "it is \(width)x\(height) pixels (\(megapixels) megapixels); a cover may have at most \(CoverSources.maxPixels / 1_000_000) megapixels"
        }
    }
}
