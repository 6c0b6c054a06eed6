/// The listens the services answer `journal sync` with, read as the import of their exports reads
/// them, so a synced play and an imported one are the same line of the log.
public enum ServiceListen {
    /// A listen of ListenBrainz's API (`payload.listens`, the shape of its export's lines), with
    /// `format` `listenbrainz`; or why it cannot be one.
    public static func listenBrainz(_ object: [String: Any]) -> Result<ImportedPlay, ServiceListenProblem> {
        switch ListenBrainzListens.listen(object: object) {
        case .success(var play):
            play.format = ListenBrainzListens.name
            return .success(play)
        case .failure(let problem):
            return .failure(ServiceListenProblem(message: problem.message))
        }
    }
}

/// Why an entry of a service's answer is not a listen.
public struct ServiceListenProblem: Error, Sendable, Equatable {
    public var message: String
}

extension ServiceListen {
    /// What one entry of a service's answer is: a play, one passed over on purpose (the reason:
    /// `now playing`), or one that cannot be read (the problem).
    public enum Entry: Sendable {
        case play(ImportedPlay)
        case passedOver(String)
        case unreadable(ServiceListenProblem)
    }

    /// A scrobble of Last.fm's `user.getRecentTracks` (an entry of `recenttracks.track`), with
    /// `format` `lastfm`: the entry now playing (no date yet) is passed over.
    public static func lastFM(_ track: [String: Any]) -> Entry {
        var report = ImportFileReport(path: "", format: LastFMHistory.name)
        guard var play = LastFMHistory.jsonPlay(track, place: "a scrobble", report: &report) else {
            if let problem = report.diagnostics.first { return .unreadable(ServiceListenProblem(message: problem.message)) }
            return .passedOver(report.skipped.keys.sorted().first ?? "unreadable")
        }
        play.format = LastFMHistory.name
        return .play(play)
    }
}
