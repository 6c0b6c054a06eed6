import ArgumentParser
import Foundation
import JournalCore
import JournalLookup

/// The commands that ask the music services: `journal add` and `journal enrich`. The only ones
/// that use the network; `build`, `check` and `serve` never do.

/// What every lookup command shares: the client, its cache in `.journal-cache/`, its pace.
enum LookupSetup {
    static let version = "0.21"

    /// The client for a journal: responses cached in `.journal-cache/lookup/`, each service's
    /// published limits kept. A service the environment moves onto this machine (a stub in tests,
    /// a local mirror) is not paced, but MusicBrainz, whose pace the tests check.
    static func client(source: String, config: SiteConfig, environment: [String: String] = ProcessInfo.processInfo.environment) -> LookupClient {
        let contact = config.origin == nil ? "a personal listening journal" : config.baseURL
        var policy = LookupPolicy.services
        for service in LookupService.allCases where service != .musicbrainz {
            let host = environment[service.environmentVariable].flatMap { URLComponents(string: $0)?.host?.lowercased() } ?? ""
            if host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]" { policy.minimumInterval[service] = 0 }
        }
        return LookupClient(
            cacheFolder: join(source, ".journal-cache"), environment: environment, policy: policy,
            userAgent: LookupClient.userAgent(version: version, contact: ControlCharacters.contains(contact) ? "a personal listening journal" : contact))
    }

    /// Takes the catalogue's lock for this run (nil inside when it cannot be made: the run goes
    /// on without it); false after saying another run holds it.
    static func lock(source: String, console: Console, holding lock: inout CatalogueLock?) -> Bool {
        switch CatalogueLock.take(source: source) {
        case .success(let taken):
            lock = taken
            return true
        case .failure(let busy):
            console.error("error: \(busy)")
            return false
        }
    }

    /// The journal, loaded with its drafts; nil after printing why it cannot be used.
    static func journal(source: String, console: Console) -> (SiteConfig, Journal)? {
        let result = JournalLoader(source: source).load(LoadOptions(drafts: true))
        guard let journal = result.journal else {
            console.print(result.diagnostics, quiet: true)
            console.error("The journal has errors (above); fix them first: nothing was looked up or written.")
            return nil
        }
        return (journal.config, journal)
    }
}

struct AddCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Look a song up and add it to a day.",
        discussion: """
            Searches the iTunes store (the country of lookup.country in journal.yaml) for QUERY, or takes the song of an Apple Music, Spotify, YouTube Music or Deezer link, lists what it found, numbered, and adds the one you pick to the day's file (created as `journal new` would). Songs your journal already knows come first and need no network. The day gains the title, the artist and your note; the album, genre, duration, cover, preview and links go to catalogue/, and the cover into static/covers/.

            With --pick, or when there is no terminal to ask, it never prompts.

            Examples:
              journal add "hype boy"
              journal add "밤편지 아이유" --date yesterday --note "on the night bus"
              journal add https://open.spotify.com/track/0a4MMyCrzT0En247IhqZbD --pick 1
            """)

    @OptionGroup var sourceOptions: SourceOptions
    @Argument(help: "Words to search for, or a song's link.")
    var query: [String] = []
    @Option(help: "The day: YYYY-MM-DD, today or yesterday (default: today in journal.yaml's timezone).")
    var date: String?
    @Option(help: "Add the Nth song of the list without asking.")
    var pick: Int?
    @Option(help: "A few words about the song, for the day's file.")
    var note: String?
    @Option(help: "Replace the day's Nth song with this one (a full day).")
    var replace: Int?

    var text: String { query.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines) }

    func validate() throws {
        guard !text.isEmpty else { throw ValidationError("say what to look for, like: journal add \"hype boy\"") }
        guard !ControlCharacters.contains(text) else { throw ValidationError("the search cannot hold control characters") }
        if let date, Today.parse(date, today: CalendarDate(dayNumber: 0)) == nil {
            throw ValidationError("--date '\(date)' is not a date: use YYYY-MM-DD, today or yesterday")
        }
        if let pick, pick < 1 { throw ValidationError("--pick counts from 1") }
        if let replace, replace < 1 { throw ValidationError("--replace counts from 1") }
        if let note {
            guard !ControlCharacters.contains(note) else { throw ValidationError("--note cannot hold control characters") }
            guard !note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw ValidationError("--note is empty") }
        }
    }

    func execute(_ console: Console) -> Int32 {
        let source = sourceOptions.source
        guard let (config, journal) = LookupSetup.journal(source: source, console: console) else { return 1 }
        let today = console.today(timezone: config.timezone)
        let day = date.flatMap { Today.parse($0, today: today) } ?? today
        let addition = SongAddition(source: source, config: config, journal: journal)
        if case .failure(let refusal) = addition.checkRoom(on: day, replacing: replace) { return console.refuse(refusal) }
        var lock: CatalogueLock?
        guard LookupSetup.lock(source: source, console: console, holding: &lock) else { return 1 }
        defer { withExtendedLifetime(lock) {} }

        let client = LookupSetup.client(source: source, config: config)
        let known = SongSearch.known(text, in: journal)
        var candidates = known
        for (index, candidate) in known.enumerated() { console.out("\(index + 1). \(candidate.line)") }
        // A pick among the journal's own songs needs no lookup.
        if pick.map({ $0 > known.count }) ?? true {
            let query = text
            let country = config.storefront
            switch Blocking.wait({ await SongSearch.lookUp(query, country: country, client: client) }) {
            case .success(let found):
                let fresh = found.filter { song in
                    !known.contains { SongKey.song(artist: $0.song.artist, title: $0.song.title) == SongKey.song(artist: song.artist, title: song.title) }
                }
                for (offset, song) in fresh.enumerated() {
                    let candidate = SongCandidate(song: song, known: false, plays: 0)
                    console.out("\(candidates.count + offset + 1). \(candidate.line)")
                }
                candidates += fresh.map { SongCandidate(song: $0, known: false, plays: 0) }
            case .failure(let problem):
                console.error("warning: \(problem)")
            }
        }
        guard !candidates.isEmpty else {
            console.error("error: nothing found for '\(text)': try other words, or a link to the song; nothing was added")
            return 1
        }

        let chosen: Int
        if let pick {
            guard pick <= candidates.count else {
                console.error("error: --pick \(pick), but the list has \(candidates.count) song\(candidates.count == 1 ? "" : "s"); nothing was added")
                return 2
            }
            chosen = pick
        } else if isatty(STDIN_FILENO) == 1 {
            console.out("Which one? (1-\(candidates.count), Enter for none)")
            guard let answer = readLine()?.trimmingCharacters(in: .whitespaces), let number = Int(answer),
                (1...candidates.count).contains(number)
            else {
                console.out("Nothing was added.")
                return 0
            }
            chosen = number
        } else {
            console.error("error: no terminal to ask which song: run again with --pick N; nothing was added")
            return 2
        }

        let candidate = candidates[chosen - 1]
        let note = self.note?.trimmingCharacters(in: .whitespacesAndNewlines)
        switch Blocking.wait({ await addition.add(candidate, on: day, note: note, replacing: replace, client: client) }) {
        case .failure(let refusal):
            return console.refuse(refusal)
        case .success(let report):
            for warning in report.warnings { console.error("warning: \(warning)") }
            console.out("Added \(candidate.song.title) — \(candidate.song.artist) to \(report.dayPath)\(report.createdDay ? " (a new day)" : "").")
            if let catalogue = report.cataloguePath { console.out("Its details are in \(catalogue)\(report.cover.map { ", its cover in \($0)" } ?? "").") }
            return 0
        }
    }
}

struct EnrichCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "enrich",
        abstract: "Fill in the genres, covers, durations, previews and links your songs lack.",
        discussion: """
            For every song of the journal that lacks a genre, a cover, a duration, a preview or links (imported history lacks most), asks the music services once per artist and album: the MusicBrainz ids imports carry, the iTunes store, Deezer, and MusicBrainz for an artist's genre, within each service's limits. What it finds goes to catalogue/ (one file an artist, yours to correct; a value there is never replaced) and covers to static/covers/; day files are never touched. Every answer is kept in .journal-cache/, so a run stopped at any point resumes where it stopped, and a second run asks nothing.

            Examples:
              journal import Streaming_History_Audio_2024.json && journal enrich
              journal enrich --since 2024-01-01 --dry-run
            """)

    @OptionGroup var sourceOptions: SourceOptions
    @Option(help: "Only songs played from this date (YYYY-MM-DD).")
    var since: String?
    @Option(help: "Only songs played up to this date (YYYY-MM-DD).")
    var until: String?
    @Flag(name: .customLong("dry-run"), help: "Look up and say what would be written, and write nothing into the journal.")
    var dryRun = false

    func validate() throws {
        for (flag, value) in [("--since", since), ("--until", until)] {
            if let value, CalendarDate(iso: value) == nil { throw ValidationError("\(flag) '\(value)' is not a date: use YYYY-MM-DD") }
        }
        if let since = since.flatMap({ CalendarDate(iso: $0) }), let until = until.flatMap({ CalendarDate(iso: $0) }), until < since {
            throw ValidationError("--until \(until.iso) is before --since \(since.iso): no day is in between")
        }
    }

    func execute(_ console: Console) -> Int32 {
        let source = sourceOptions.source
        guard let (config, journal) = LookupSetup.journal(source: source, console: console) else { return 1 }
        var lock: CatalogueLock?
        guard LookupSetup.lock(source: source, console: console, holding: &lock) else { return 1 }
        defer { withExtendedLifetime(lock) {} }
        let enrichment = Enrichment(
            source: source, config: config, journal: journal, since: since.flatMap { CalendarDate(iso: $0) },
            until: until.flatMap { CalendarDate(iso: $0) }, dryRun: dryRun)
        let client = LookupSetup.client(source: source, config: config)
        let terminal = isatty(STDERR_FILENO) == 1
        // Artists, and before them the credits asked at MusicBrainz, each timed from its own start
        // (the call with nothing done yet).
        func progress(_ unit: String) -> Enrichment.Progress {
            let clock = ProgressClock()
            return { done, total, name in
                guard done > 0 else { return clock.start() }
                let elapsed = clock.elapsed()
                let left = done < total ? Self.duration(elapsed / Double(done) * Double(total - done)) + " left" : "done"
                if terminal {
                    let width = 24
                    let filled = total == 0 ? width : width * done / total
                    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                    let line = "[\(bar)] \(done)/\(total) \(unit) · \(left)"
                    FileHandle.standardError.write(Data(("\r" + line + (done == total ? "\n" : "")).utf8))
                } else {
                    console.out("\(done)/\(total) \(unit == "artists" ? "" : unit + ": ")\(name) · \(left)")
                }
            }
        }
        let (artists, credits) = (progress("artists"), progress("credits at MusicBrainz"))
        let report = Blocking.wait { await enrichment.run(client: client, progress: artists, creditProgress: credits) }
        if let refusal = report.refusal {
            console.error(refusal)
            return 1
        }
        for warning in report.warnings { console.error("warning: \(warning)") }
        for (address, reason) in report.leftAway {
            let said = reason.contains(address) ? reason : "\(address): \(reason)"
            console.error("warning: a cover was not brought home: \(said); pages show it from its site")
        }
        if !report.broughtHome.isEmpty {
            let count = report.broughtHome.count
            console.out(
                "\(dryRun ? "Would bring" : "Brought") \(count) cover\(count == 1 ? "" : "s") home from other sites into static/\(RemoteCover.folder)/: builds show \(count == 1 ? "it" : "them") resized."
            )
        }
        if report.credited > 0 {
            console.out(
                "MusicBrainz credits \(report.credited) song\(report.credited == 1 ? "" : "s") whose credit the journal split: \(dryRun ? "would write" : "wrote") their artists as 'credits:' in the catalogue, so builds split them as MusicBrainz does."
            )
        }
        if report.artists == 0, report.credited == 0 {
            console.out("Every song has a genre, a cover, a duration, a preview and links: nothing to look up.")
            return 0
        }
        let filled = ["genre", "cover", "duration", "preview", "links", "artist genre"].compactMap { key in
            report.filled[key].map {
                "\($0) \(key == "artist genre" ? "artist genre\($0 == 1 ? "" : "s")" : key + ($0 == 1 ? "" : key.hasSuffix("s") ? "" : "s"))"
            }
        }
        console.out(
            "\(report.songsLacking) song\(report.songsLacking == 1 ? "" : "s") of \(report.artists) artist\(report.artists == 1 ? "" : "s") lacked something; \(report.songsFound) found\(filled.isEmpty ? "" : ": " + filled.joined(separator: ", "))."
        )
        if !report.written.isEmpty {
            console.out(
                "\(dryRun ? "Would write" : "Wrote") \(report.written.count) catalogue file\(report.written.count == 1 ? "" : "s")\(report.covers.isEmpty ? "" : " and \(report.covers.count) cover\(report.covers.count == 1 ? "" : "s") in static/covers/")."
            )
        }
        if !report.misses.isEmpty {
            console.out(
                "Not found (\(report.misses.count)), most played first: correct a misspelt title or artist in the day files, or write what you know in the artist's file in catalogue/ (a title and a genre are enough):"
            )
            for miss in report.misses.prefix(20) {
                console.out(
                    "  \(miss.artist) — \(miss.title) (\(miss.plays) play\(miss.plays == 1 ? "" : "s"))\(miss.ambiguous ? ": found, but as a recording of another length" : "")"
                )
            }
            if report.misses.count > 20 { console.out("  and \(report.misses.count - 20) more") }
        }
        for (service, reason) in report.unavailable.sorted(by: { $0.key < $1.key }) {
            console.error("warning: \(service) could not be asked (\(reason)); run journal enrich again later: what was found is kept")
        }
        let (sent, covers) = Blocking.wait { (await client.requestsSent, await client.otherRequestsSent) }
        let total = sent.values.reduce(0, +) + covers
        let counts =
            sent.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.displayName) \($0.value)" }
            + (covers > 0 ? ["cover downloads \(covers)"] : [])
        console.out("Requests: \(total == 0 ? "none (every answer came from .journal-cache/)" : counts.joined(separator: ", ")).")
        return 0
    }

    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "?" }
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole) s" : whole < 3600 ? "\(whole / 60) min" : "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}
