/// One play as an export records it, before it becomes part of a day.
public struct ImportedPlay: Sendable, Equatable {
    /// At least one; several only where the format lists artists separately.
    public var artists: [String]
    public var title: String
    public var album: String?
    /// The genre the export names for the track (Apple Music's `Genre`), written as the track's `genre`.
    public var genre: String?
    /// When the play started, in Unix seconds (UTC) — or, when `wallClock`, seconds of the
    /// device's local wall-clock time counted as if it were UTC.
    public var started: Int64
    /// The start is the device's wall-clock time, zone unknown (`#TZ/UNKNOWN` scrobbler logs):
    /// its date is read as it is, not moved into `timezone`.
    public var wallClock = false
    /// How long it was listened to, in milliseconds, where the export says.
    public var listened: Int?
    /// The track's length, in seconds, where known.
    public var duration: Int?
    /// Links out (`spotify`: https://open.spotify.com/track/…) as the day file writes them.
    public var links: [(service: String, url: String)] = []
    public var artwork: String?
    /// The format it was read from (`spotify`), for the day's `source`.
    public var format = ""

    public init(artists: [String], title: String, album: String? = nil, started: Int64, listened: Int? = nil) {
        self.artists = artists
        self.title = title
        self.album = album
        self.started = started
        self.listened = listened
    }

    public static func == (a: ImportedPlay, b: ImportedPlay) -> Bool {
        a.artists == b.artists && a.title == b.title && a.album == b.album && a.genre == b.genre && a.started == b.started
            && a.wallClock == b.wallClock && a.listened == b.listened && a.duration == b.duration
            && a.links.map(\.service) == b.links.map(\.service) && a.links.map(\.url) == b.links.map(\.url) && a.artwork == b.artwork
    }

    /// Adds the `musicbrainz` link of a recording, if `mbid` is a MusicBrainz identifier.
    mutating func linkRecording(_ mbid: Any?) {
        guard let recording = Self.mbid(mbid) else { return }
        links.append((TrackLink.Service.musicbrainz.rawValue, "https://musicbrainz.org/recording/\(recording)"))
    }

    /// A MusicBrainz identifier (a UUID: 8-4-4-4-12 hex digits), lowercased; nil for anything else.
    static func mbid(_ value: Any?) -> String? {
        guard let text = ImportJSON.text(value)?.lowercased(), text.count == 36 else { return nil }
        let groups = text.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        guard groups == [8, 4, 4, 4, 12], text.allSatisfy({ $0 == "-" || ($0.isASCII && $0.isHexDigit) }) else { return nil }
        return text
    }

    /// What two plays of one track share: title and primary artist, without regard to case.
    var trackKey: String { title.lowercased() + "\u{0}" + (artists.first ?? "").lowercased() }
}

/// What reading one export file found.
public struct ImportFileReport: Sendable {
    public var path: String
    public var format: String
    public var playsRead = 0
    /// Plays left out, by reason (`under 30 s and skipped`, `incognito`, `podcast episode` …).
    public var skipped: [String: Int] = [:]
    public var diagnostics: [Diagnostic] = []
    /// The encoding the file was read in (`UTF-16LE`, `Windows-1252`), when not UTF-8.
    public var encoding: String?

    public init(path: String, format: String) {
        self.path = path
        self.format = format
    }

    /// Rows passed over that record 30 s or more played, by the reason they were passed over
    /// (a reader that knows how long a row played fills it; the summary says how many).
    public var skippedLong: [String: Int] = [:]

    mutating func skip(_ reason: String) { skipped[reason, default: 0] += 1 }

    /// A row passed over, counted by reason, and among the long ones when it played 30 s or more.
    mutating func skip(_ reason: String, playedMilliseconds: Int?) {
        skip(reason)
        if let played = playedMilliseconds, played >= Self.longPlay { skippedLong[reason, default: 0] += 1 }
    }

    /// The time played from which a row passed over is reported as a play lost: 30 s, the rule
    /// every listening service counts a play by.
    static let longPlay = 30_000

    /// Problems a file shows one by one; the rest are counted in one last line.
    static let shownProblems = 20

    /// Errors at lines of the file, in line order: the first `shownProblems`, then "and N more".
    mutating func add(problems: [(line: Int, message: String)]) {
        add(placed: problems.map { (line: $0.line, column: 1, message: $0.message) })
    }

    /// Errors at lines and columns of the file, in order: the first `shownProblems`, then "and N more".
    mutating func add(placed problems: [(line: Int, column: Int, message: String)]) {
        let sorted = problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        for problem in sorted.prefix(Self.shownProblems) {
            diagnostics.append(Diagnostic(.error, problem.message, path: path, line: problem.line, column: problem.column))
        }
        if sorted.count > Self.shownProblems {
            let rest = sorted.count - Self.shownProblems
            diagnostics.append(
                Diagnostic(
                    .error, "and \(rest) more problem\(rest == 1 ? "" : "s") like these", path: path,
                    line: sorted[Self.shownProblems].line, column: 1))
        }
    }
}

/// A kind of export `journal import` reads. Each is one file of `Import/`, listed once in
/// `JournalImport.formats`.
protocol ImportFormat {
    /// The name on the command line and in summaries (`spotify`).
    static var name: String { get }
    /// Whether a file is in this format, from its name and its first 4 KB.
    static func recognises(path: String, head: [UInt8]) -> Bool
    /// The plays of one file, and what reading it found (every problem with its place; a
    /// problem stops the whole import before anything is written).
    static func read(_ bytes: [UInt8], path: String) -> ([ImportedPlay], ImportFileReport)
}
