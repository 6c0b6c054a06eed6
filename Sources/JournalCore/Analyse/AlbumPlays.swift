/// An album a track was played from, with the track's plays from it (a track page's albums).
public struct AlbumPlays: Sendable, Equatable {
    /// As written on the first play from it.
    public var name: String
    public var plays: Int

    /// The albums of `plays` (into `journal`), matched without case: most played first, ties by
    /// name without case. Plays that name no album are not counted.
    public static func tally(_ plays: [Play], in journal: Journal) -> [AlbumPlays] {
        var counts: [String: AlbumPlays] = [:]
        for play in plays {
            guard let album = play.track(in: journal).album else { continue }
            counts[album.lowercased(), default: AlbumPlays(name: album, plays: 0)].plays += 1
        }
        return counts.sorted { ($1.value.plays, $0.key) < ($0.value.plays, $1.key) }.map(\.value)
    }
}
