import ArgumentParser
import Foundation
import JournalCore

#if canImport(Glibc)
    import Glibc
#endif

/// `journal pick [DATE]`: choose a day's songs from what the listening log says was played.
struct PickCommand: JournalSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Choose a day's songs from what you played that day.",
        discussion: """
            Lists the day's plays from the listening log (listening/), most played first, with their play counts and the time of the first play, and writes the songs you pick as the day's songs, up to max_tracks_per_day: they replace the day's songs. A song the day keeps keeps what you wrote for it (its note, its album); the title, the mood, the text and everything else in the file stay as they are. The mark `journal import` left (source:) goes: the day is now yours. A day with no file gets one.

            With --pick, or when there is no terminal to ask, it never prompts (without --pick it only lists).

            Examples:
              journal pick
              journal pick 2024-01-05
              journal pick yesterday --pick 1,4,7
            """)

    @OptionGroup var sourceOptions: SourceOptions
    @Argument(help: "The day: YYYY-MM-DD, today or yesterday (default: today in journal.yaml's timezone).")
    var date: String?
    @Option(help: "The songs of the list to keep, by number, like 1,4,7.")
    var pick: String?

    func validate() throws {
        if let date, Today.parse(date, today: CalendarDate(dayNumber: 0)) == nil {
            throw ValidationError("'\(date)' is not a date: use YYYY-MM-DD, today or yesterday")
        }
        if let pick, ControlCharacters.contains(pick) { throw ValidationError("--pick cannot hold control characters") }
    }

    func execute(_ console: Console) -> Int32 {
        let source = sourceOptions.source
        let result = JournalLoader(source: source).load(LoadOptions(drafts: true))
        guard let journal = result.journal else {
            console.print(result.diagnostics, quiet: true)
            console.error("The journal has errors (above); fix them first: nothing was changed.")
            return 1
        }
        let config = journal.config
        let today = console.today(timezone: config.timezone)
        let date = self.date.flatMap { Today.parse($0, today: today) } ?? today
        guard let day = journal.listening.day(date) else { return console.refuse(DayPick.Refusal.nothingPlayed(date)) }
        let limit = config.maxTracksPerDay
        let current = journal.days.first { $0.date == date }?.tracks.map { "\($0.title) — \($0.artists.joined(separator: ", "))" } ?? []
        console.out(
            "\(date.iso): \(day.songs.count) song\(day.songs.count == 1 ? "" : "s") played, \(day.plays) play\(day.plays == 1 ? "" : "s")."
                + (current.isEmpty ? "" : " The day's songs now: \(current.joined(separator: "; ")).")
        )
        for (index, song) in day.songs.enumerated() { console.out("\(index + 1). \(DayPick.line(song))") }

        let answer: String
        if let pick {
            answer = pick
        } else if isatty(STDIN_FILENO) == 1 {
            console.out("Which songs? (numbers like 1,4,7\(limit > 0 ? ", up to \(limit)" : ""); Enter for none)")
            guard let typed = readLine()?.trimmingCharacters(in: .whitespaces), !typed.isEmpty else {
                console.out("Nothing was changed.")
                return 0
            }
            answer = typed
        } else {
            console.out("Nothing was changed: run again with --pick 1,4,7 to choose.")
            return 0
        }
        let numbers: [Int]
        switch DayPick.numbers(answer, count: day.songs.count, limit: limit) {
        case .failure(let refusal): return console.refuse(refusal)
        case .success(let found): numbers = found
        }
        switch DayPick.write(numbers, of: day, source: source, config: config, names: journal.artistNames) {
        case .failure(let refusal): return console.refuse(refusal)
        case .success(let path):
            console.out("\(path): \(numbers.count) song\(numbers.count == 1 ? "" : "s") picked.")
            return 0
        }
    }
}

extension DayPick.Refusal: CommandRefusal {
    var message: String { description }
    var status: Int32 {
        if case .badPick = self { return 2 }
        return 1
    }
}
