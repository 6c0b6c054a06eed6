import Foundation
import Testing

@testable import JournalCore

/// The theme's language files: formats as before, every key in place, languages added and
/// overridden from a journal's own `templates/i18n/`, and problems reported with their place.
@Suite struct LocalizationTests {
    // MARK: The default theme

    @Test func englishFormatsExactlyAsBefore() {
        #expect(localizationTranscript(Localization(.en)) == Self.english)
    }

    @Test func koreanFormatsExactlyAsBefore() {
        #expect(localizationTranscript(Localization(.ko)) == Self.korean)
    }

    /// Counts are grouped as the language writes them; shares never read 0%.
    @Test func countsAreGroupedInTheLanguagesWayAndNoShareIsZero() {
        #expect(Localization(.en).plays(2986) == "2,986 plays")
        #expect(Localization(.ko).plays(2986) == "2,986회")
        #expect(Localization(.en).number(1_234_567) == "1,234,567")
        #expect(Localization(.en).number(999) == "999")
        #expect(DigitGrouping.of(Language(rawValue: "de")).format(2986) == "2.986")
        #expect(DigitGrouping.of(Language(rawValue: "fr-CA")).format(2986) == "2\u{202F}986")
        #expect(DigitGrouping.of(Language(rawValue: "es")).format(2986) == "2986")
        #expect(DigitGrouping.of(Language(rawValue: "es")).format(29860) == "29.860")
        #expect(DigitGrouping.of(Language(rawValue: "en")).format(-12345) == "-12,345")
        #expect(Localization(.en).totalDuration(3296 * 60) == "54 h 56 min")
        #expect(Localization(.en).totalDuration(1296 * 3600) == "1,296 h 0 min")
        #expect(Share.percent(3, of: 3000) == "<1%")
        #expect(Share.percent(0, of: 3000) == "0%")
        #expect(Share.percent(15, of: 3000) == "1%")
        #expect(Share.percent(1, of: 2) == "50%")
    }

    /// The repository folder, for scanning the theme and the sources.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every file under `folder` of the repository whose name ends with one of `suffixes`, as text.
    static func files(in folder: String, endingWith suffixes: [String]) -> [String: String] {
        let base = repository.appendingPathComponent(folder).path
        var result: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: base) else { return result }
        while let item = walker.nextObject() as? String {
            guard suffixes.contains(where: { item.hasSuffix($0) }) else { continue }
            result[item] = (try? String(contentsOfFile: base + "/" + item, encoding: .utf8)) ?? ""
        }
        return result
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The keys the theme uses: `{{t.key}}` in templates, and every `UIString` of Swift code.
    static var usedKeys: Set<String> {
        var keys = Set(UIString.allCases.map(\.rawValue))
        for (_, text) in files(in: "templates", endingWith: [".mustache"]) {
            keys.formUnion(matches(#"\{\{[#^/]?\s*t\.([A-Za-z0-9_]+)"#, in: text))
        }
        return keys
    }

    @Test func everyKeyTheThemeUsesIsInEnglishAndKorean() {
        let used = Self.usedKeys
        #expect(used.count > UIString.allCases.count, "the templates' scan found no keys: is the pattern still right?")
        for language in [Language.en, .ko] {
            let missing = used.subtracting(Localization(language).strings.keys)
            #expect(missing.isEmpty, "\(language.rawValue) lacks \(missing.sorted())")
        }
    }

    @Test func everyStringOfTheThemeIsUsed() {
        let unused = Set(Localization(.en).strings.keys).subtracting(Self.usedKeys)
        #expect(unused.isEmpty, "no template or Swift code uses \(unused.sorted())")
        #expect(Set(Localization(.ko).strings.keys) == Set(Localization(.en).strings.keys))
    }

    @Test func theDefaultLanguageFilesHaveNoProblems() {
        var defaults: [String: LanguageLoading.Source] = [:]
        for (path, bytes) in ThemeFiles.defaultFiles {
            if let code = LanguageLoading.code(ofPath: path) { defaults[code] = LanguageLoading.Source(path: path, bytes: bytes) }
        }
        #expect(Set(defaults.keys) == ["en", "ko"])
        for code in defaults.keys.sorted() {
            var diagnostics: [Diagnostic] = []
            let l10n = LanguageLoading.localization(for: Language(rawValue: code), defaults: defaults, overrides: [:], setting: nil, diagnostics: &diagnostics)
            #expect(diagnostics.isEmpty, "\(code): \(diagnostics)")
            #expect(l10n.locale == (code == "ko" ? "ko_KR" : "en_US"))
        }
    }

    // MARK: Patterns

    @Test func patternsReplacePlaceholdersAndKeepDoubledBraces() throws {
        let pattern = try TextPattern.parse("{{{day}}} of {month_name}", allowed: TextPattern.datePlaceholders).get()
        #expect(pattern.pieces == [.text("{"), .value(.date(.day)), .text("} of "), .value(.date(.monthName))])
        #expect(pattern.render { $0 == .date(.day) ? "21" : "November" } == "{21} of November")
    }

    @Test func patternProblemsAreNamed() {
        func problem(_ text: String) -> String? {
            guard case .failure(let problem) = TextPattern.parse(text, allowed: TextPattern.numberPlaceholders(.n)) else { return nil }
            return problem.message
        }
        #expect(problem("{count} tracks") == "unknown placeholder '{count}': use {n}")
        #expect(problem("{n tracks") == "a '{' that is never closed (write '{{' for a brace)")
        #expect(problem("n} tracks") == "a '}' with no '{' before it (write '}}' for a brace)")
        #expect(problem("{n} tracks") == nil)
    }

    // MARK: Journals with their own languages

    /// The default theme's English file with some lines replaced: a complete language file.
    static func englishFile(replacing replacements: [(String, String)]) throws -> String {
        var text = try #require(ThemeFiles.defaultFiles["i18n/en.yaml"].flatMap { String(bytes: $0, encoding: .utf8) })
        for (old, new) in replacements {
            #expect(text.contains(old), "en.yaml has no line '\(old)'")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    static let oneDay = """
        -- content/diary/2026-11-21.md --
        ---
        tracks: [{title: A, artist: X}, {title: B, artist: Y}]
        ---
        """

    @Test func aJournalAddsFrench() throws {
        let french = try Self.englishFile(replacing: [
            ("locale: en_US", "locale: fr_FR"),
            ("  playlists: Playlists", "  playlists: Listes de lecture"),
            (
                "  months: [January, February, March, April, May, June, July, August, September, October, November, December]",
                "  months: [janvier, février, mars, avril, mai, juin, juillet, août, septembre, octobre, novembre, décembre]"
            ),
            (
                "  weekdays: [Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday]",
                "  weekdays: [lundi, mardi, mercredi, jeudi, vendredi, samedi, dimanche]"
            ),
            (#"  tracks: {one: "1 track", other: "{n} tracks"}"#, #"  tracks: {one: "1 morceau", other: "{n} morceaux"}"#),
            (#"  long_date: "{weekday}, {day} {month_name} {year}""#, #"  long_date: "{weekday} {day} {month_name} {year}""#),
        ])
        let journal = try TestJournal("-- journal.yaml --\ntitle: Carnet\nlanguage: fr\n" + Self.oneDay)
        try journal.write("templates/i18n/fr.yaml", french)
        let report = journal.build()
        #expect(report.succeeded)
        #expect(report.diagnostics.apartFromBaseURLAdvice.isEmpty, "\(journal.lines(report.diagnostics))")
        let html = try #require(journal.page("2026/11/21/index.html"))
        #expect(html.contains("<html lang=\"fr\">"))
        #expect(html.contains("<meta property=\"og:locale\" content=\"fr_FR\">"))
        #expect(visibleText(html).contains("2 morceaux samedi 21 novembre 2026"))
        #expect(visibleText(html).contains("Listes de lecture"))
        #expect(journal.page("feed.xml")?.contains("xml:lang=\"fr\"") == true)
    }

    @Test func aKeyMissingFromTheLanguageIsAWarningAndThePageShowsEnglish() throws {
        let journal = try TestJournal(
            "-- journal.yaml --\ntitle: Carnet\nlanguage: fr\n" + Self.oneDay + """

                -- templates/i18n/fr.yaml --
                locale: fr_FR
                strings:
                  latest_days: Derniers jours
                names:
                  months: [janvier, février]
                counts:
                  tracks: {one: "1 morceau", other: "{count} morceaux"}
                formats:
                  long_date: "{weekday} {day} {month_name} {year}"
                """)
        let report = journal.build()
        #expect(report.succeeded)
        let lines = journal.lines(report.diagnostics.apartFromBaseURLAdvice)
        #expect(lines.count == 7, "\(lines)")
        #expect(
            lines.contains(
                "templates/i18n/fr.yaml:2:1: warning: the language file lacks " + Self.englishStrings(but: ["latest_days"])
                    + "; pages show English for these \(Localization(.en).strings.count - 1) keys"))
        #expect(
            lines.contains(
                "templates/i18n/fr.yaml:1:1: warning: the language file lacks 'date_ranges.other_years', 'date_ranges.same_month', "
                    + "'date_ranges.same_year'; pages show English for these 3 keys"))
        #expect(lines.contains("templates/i18n/fr.yaml:5:11: warning: 'names.months' must list 12 names, found 2; English is used"))
        #expect(
            lines.contains(
                "templates/i18n/fr.yaml:4:1: warning: the language file lacks 'names.months_short', 'names.weekdays', "
                    + "'names.weekdays_initial', 'names.weekdays_short'; pages show English for these 4 keys"))
        #expect(lines.contains("templates/i18n/fr.yaml:7:37: warning: 'counts.tracks.other': unknown placeholder '{count}': use {n}; English is used"))
        #expect(
            lines.contains(
                "templates/i18n/fr.yaml:6:1: warning: the language file lacks 'counts.albums', 'counts.appearances', 'counts.artists', "
                    + "'counts.days', 'counts.days_logged', 'counts.days_logged_hint', 'counts.days_with_plays', 'counts.estimated_plays' "
                    + "and 13 more; pages show English for these 21 keys"))
        let html = try #require(journal.page("2026/11/21/index.html"))
        // English where French is missing or broken, French where it is given; never a key.
        #expect(visibleText(html).contains("2 tracks Saturday 21 November 2026"))
        #expect(visibleText(html).contains("Playlists"))
        #expect(!visibleText(html).contains("playlists"))
        #expect(journal.page("index.html").map(visibleText)?.contains("Derniers jours") == true)
        #expect(journal.build(strict: true).succeeded == false)
    }

    static func englishStrings(but present: Set<String>) -> String {
        let keys = Localization(.en).strings.keys.filter { !present.contains($0) }.map { "'strings.\($0)'" }.sorted()
        return keys.prefix(8).joined(separator: ", ") + " and \(keys.count - 8) more"
    }

    @Test func aPartialEnglishFileIsMergedOverTheDefault() throws {
        let journal = try TestJournal(
            minimalConfig + "\n" + Self.oneDay + """

                -- templates/i18n/en.yaml --
                strings:
                  playlists: Mixtapes
                counts:
                  tracks: {one: "one song", other: "{n} songs"}
                """)
        let report = journal.build()
        #expect(report.diagnostics.apartFromBaseURLAdvice.isEmpty, "\(journal.lines(report.diagnostics))")
        let html = try #require(journal.page("2026/11/21/index.html"))
        #expect(visibleText(html).contains("2 songs Saturday, 21 November 2026"))
        #expect(visibleText(html).contains("Mixtapes"))
        #expect(journal.page("index.html").map(visibleText)?.contains("Latest days") == true)
    }

    @Test func aKeyAJournalAddsInEnglishIsNotMissingFromOtherLanguages() throws {
        // A template of the journal's own reads {{t.my_label}}; Korean has no such key, and
        // shows the English text without a warning about a file the journal does not have.
        let journal = try TestJournal(
            "-- journal.yaml --\ntitle: T\nlanguage: ko\n" + Self.oneDay + """

                -- templates/i18n/en.yaml --
                strings:
                  my_label: My label
                """)
        let report = journal.build(strict: true)
        #expect(report.diagnostics.apartFromBaseURLAdvice.isEmpty, "\(journal.lines(report.diagnostics))")
        #expect(report.succeeded)
    }

    @Test func aLanguageFileThatIsAListSaysSoOnce() throws {
        let journal = try TestJournal(
            "-- journal.yaml --\ntitle: T\nlanguage: fr\n" + Self.oneDay + """

                -- templates/i18n/fr.yaml --
                - not
                - a mapping
                """)
        let lines = journal.lines(journal.build().diagnostics)
        #expect(lines == ["templates/i18n/fr.yaml:1:1: error: a language file must be a mapping of fields (like 'title: ...'), found a list"])
    }

    @Test func anUnknownLanguageListsTheThemesLanguages() throws {
        let journal = try TestJournal(
            "-- journal.yaml --\ntitle: T\nlanguage: de\n" + Self.oneDay + """

                -- templates/i18n/fr.yaml --
                locale: fr_FR
                -- templates/i18n/notes.txt --
                not a language
                """)
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(
            journal.lines(report.diagnostics) == [
                "journal.yaml:2:11: error: unsupported language 'de': use one of en, fr, ko, or add templates/i18n/de.yaml",
                "templates/i18n/notes.txt:1:1: warning: ignored: a language file is named i18n/<code>.yaml, like i18n/fr.yaml",
            ])
    }

    @Test func aLanguageFileThatIsNotYAMLIsAnError() throws {
        let journal = try TestJournal(
            "-- journal.yaml --\ntitle: T\nlanguage: ko\n" + Self.oneDay + """

                -- templates/i18n/ko.yaml --
                strings:
                  playlists: [unclosed
                """)
        let report = journal.build()
        #expect(!report.succeeded)
        let lines = journal.lines(report.diagnostics)
        #expect(lines.count == 1 && lines[0].hasPrefix("templates/i18n/ko.yaml:") && lines[0].contains(": error: invalid YAML"), "\(lines)")
    }

    @Test func languageFilesAreNotPublished() throws {
        let journal = try TestJournal(
            minimalConfig + "\n" + Self.oneDay + """

                -- templates/i18n/en.yaml --
                strings:
                  playlists: Mixtapes
                """)
        #expect(journal.build().succeeded)
        let paths = journal.tree().keys
        #expect(paths.contains("assets/site.css"))
        #expect(!paths.contains { $0.contains("i18n") }, "\(paths.filter { $0.contains("i18n") })")
    }
}

/// Every formatting method of `l10n` over a spread of inputs, one call per line.
func localizationTranscript(_ l10n: Localization) -> String {
    var lines: [String] = []
    // Every 61st day from 2023-12-25: all months, all weekdays, single and double digits.
    let first = CalendarDate(year: 2023, month: 12, day: 25)!
    for step in 0..<14 {
        let date = first.adding(days: step * 61)
        lines.append(
            "\(date.iso) long=\(l10n.longDate(date)) short=\(l10n.shortDate(date)) weekday=\(l10n.shortWeekday(date))"
                + " name=\(l10n.weekdayName(date)) initial=\(l10n.weekdayInitial(date)) dayMonth=\(l10n.dayMonth(date))"
                + " weekOf=\(l10n.weekOf(date)) monthYear=\(l10n.monthYear(year: date.year, month: date.month))")
    }
    for month in 1...12 { lines.append("shortMonth \(month)=\(l10n.shortMonth(month))") }
    let ranges = [
        ("2026-11-16", "2026-11-22"), ("2026-11-21", "2026-11-21"), ("2026-11-30", "2026-12-06"),
        ("2026-01-26", "2026-02-01"), ("2026-12-28", "2027-01-03"), ("2019-06-03", "2026-05-09"),
    ]
    for (start, end) in ranges {
        lines.append("range \(start) \(end)=\(l10n.dateRange(CalendarDate(iso: start)!, CalendarDate(iso: end)!))")
    }
    for count in [0, 1, 2, 11, 1000] {
        lines.append("count \(count) tracks=\(l10n.tracks(count)) plays=\(l10n.plays(count)) days=\(l10n.days(count)) appearances=\(l10n.appearances(count))")
    }
    for (page, pages) in [(1, 1), (2, 10), (10, 10)] { lines.append("pageOf \(page) \(pages)=\(l10n.pageOf(page, pages))") }
    for seconds in [0, 29, 30, 3569, 3570, 3600, 3630, 7199, 86_400] { lines.append("duration \(seconds)=\(l10n.totalDuration(seconds))") }
    return lines.joined(separator: "\n")
}

extension LocalizationTests {
    /// The output of every method before the text moved to language files (counts of four
    /// digits and more have been grouped since: `1,000`).
    static let english = """
        2023-12-25 long=Monday, 25 December 2023 short=25 Dec 2023 weekday=Mon name=Monday initial=M dayMonth=25 Dec weekOf=Week of 25 Dec 2023 monthYear=December 2023
        2024-02-24 long=Saturday, 24 February 2024 short=24 Feb 2024 weekday=Sat name=Saturday initial=S dayMonth=24 Feb weekOf=Week of 24 Feb 2024 monthYear=February 2024
        2024-04-25 long=Thursday, 25 April 2024 short=25 Apr 2024 weekday=Thu name=Thursday initial=T dayMonth=25 Apr weekOf=Week of 25 Apr 2024 monthYear=April 2024
        2024-06-25 long=Tuesday, 25 June 2024 short=25 Jun 2024 weekday=Tue name=Tuesday initial=T dayMonth=25 Jun weekOf=Week of 25 Jun 2024 monthYear=June 2024
        2024-08-25 long=Sunday, 25 August 2024 short=25 Aug 2024 weekday=Sun name=Sunday initial=S dayMonth=25 Aug weekOf=Week of 25 Aug 2024 monthYear=August 2024
        2024-10-25 long=Friday, 25 October 2024 short=25 Oct 2024 weekday=Fri name=Friday initial=F dayMonth=25 Oct weekOf=Week of 25 Oct 2024 monthYear=October 2024
        2024-12-25 long=Wednesday, 25 December 2024 short=25 Dec 2024 weekday=Wed name=Wednesday initial=W dayMonth=25 Dec weekOf=Week of 25 Dec 2024 monthYear=December 2024
        2025-02-24 long=Monday, 24 February 2025 short=24 Feb 2025 weekday=Mon name=Monday initial=M dayMonth=24 Feb weekOf=Week of 24 Feb 2025 monthYear=February 2025
        2025-04-26 long=Saturday, 26 April 2025 short=26 Apr 2025 weekday=Sat name=Saturday initial=S dayMonth=26 Apr weekOf=Week of 26 Apr 2025 monthYear=April 2025
        2025-06-26 long=Thursday, 26 June 2025 short=26 Jun 2025 weekday=Thu name=Thursday initial=T dayMonth=26 Jun weekOf=Week of 26 Jun 2025 monthYear=June 2025
        2025-08-26 long=Tuesday, 26 August 2025 short=26 Aug 2025 weekday=Tue name=Tuesday initial=T dayMonth=26 Aug weekOf=Week of 26 Aug 2025 monthYear=August 2025
        2025-10-26 long=Sunday, 26 October 2025 short=26 Oct 2025 weekday=Sun name=Sunday initial=S dayMonth=26 Oct weekOf=Week of 26 Oct 2025 monthYear=October 2025
        2025-12-26 long=Friday, 26 December 2025 short=26 Dec 2025 weekday=Fri name=Friday initial=F dayMonth=26 Dec weekOf=Week of 26 Dec 2025 monthYear=December 2025
        2026-02-25 long=Wednesday, 25 February 2026 short=25 Feb 2026 weekday=Wed name=Wednesday initial=W dayMonth=25 Feb weekOf=Week of 25 Feb 2026 monthYear=February 2026
        shortMonth 1=Jan
        shortMonth 2=Feb
        shortMonth 3=Mar
        shortMonth 4=Apr
        shortMonth 5=May
        shortMonth 6=Jun
        shortMonth 7=Jul
        shortMonth 8=Aug
        shortMonth 9=Sep
        shortMonth 10=Oct
        shortMonth 11=Nov
        shortMonth 12=Dec
        range 2026-11-16 2026-11-22=16–22 Nov 2026
        range 2026-11-21 2026-11-21=21–21 Nov 2026
        range 2026-11-30 2026-12-06=30 Nov – 6 Dec 2026
        range 2026-01-26 2026-02-01=26 Jan – 1 Feb 2026
        range 2026-12-28 2027-01-03=28 Dec 2026 – 3 Jan 2027
        range 2019-06-03 2026-05-09=3 Jun 2019 – 9 May 2026
        count 0 tracks=0 tracks plays=0 plays days=0 days appearances=+ 0 with others
        count 1 tracks=1 track plays=1 play days=1 day appearances=+ 1 with others
        count 2 tracks=2 tracks plays=2 plays days=2 days appearances=+ 2 with others
        count 11 tracks=11 tracks plays=11 plays days=11 days appearances=+ 11 with others
        count 1000 tracks=1,000 tracks plays=1,000 plays days=1,000 days appearances=+ 1,000 with others
        pageOf 1 1=Page 1 of 1
        pageOf 2 10=Page 2 of 10
        pageOf 10 10=Page 10 of 10
        duration 0=0 min
        duration 29=0 min
        duration 30=1 min
        duration 3569=59 min
        duration 3570=1 h 0 min
        duration 3600=1 h 0 min
        duration 3630=1 h 1 min
        duration 7199=2 h 0 min
        duration 86400=24 h 0 min
        """

    static let korean = """
        2023-12-25 long=2023년 12월 25일 월요일 short=2023년 12월 25일 weekday=월 name=월요일 initial=월 dayMonth=12월 25일 weekOf=2023년 12월 25일 주 monthYear=2023년 12월
        2024-02-24 long=2024년 2월 24일 토요일 short=2024년 2월 24일 weekday=토 name=토요일 initial=토 dayMonth=2월 24일 weekOf=2024년 2월 24일 주 monthYear=2024년 2월
        2024-04-25 long=2024년 4월 25일 목요일 short=2024년 4월 25일 weekday=목 name=목요일 initial=목 dayMonth=4월 25일 weekOf=2024년 4월 25일 주 monthYear=2024년 4월
        2024-06-25 long=2024년 6월 25일 화요일 short=2024년 6월 25일 weekday=화 name=화요일 initial=화 dayMonth=6월 25일 weekOf=2024년 6월 25일 주 monthYear=2024년 6월
        2024-08-25 long=2024년 8월 25일 일요일 short=2024년 8월 25일 weekday=일 name=일요일 initial=일 dayMonth=8월 25일 weekOf=2024년 8월 25일 주 monthYear=2024년 8월
        2024-10-25 long=2024년 10월 25일 금요일 short=2024년 10월 25일 weekday=금 name=금요일 initial=금 dayMonth=10월 25일 weekOf=2024년 10월 25일 주 monthYear=2024년 10월
        2024-12-25 long=2024년 12월 25일 수요일 short=2024년 12월 25일 weekday=수 name=수요일 initial=수 dayMonth=12월 25일 weekOf=2024년 12월 25일 주 monthYear=2024년 12월
        2025-02-24 long=2025년 2월 24일 월요일 short=2025년 2월 24일 weekday=월 name=월요일 initial=월 dayMonth=2월 24일 weekOf=2025년 2월 24일 주 monthYear=2025년 2월
        2025-04-26 long=2025년 4월 26일 토요일 short=2025년 4월 26일 weekday=토 name=토요일 initial=토 dayMonth=4월 26일 weekOf=2025년 4월 26일 주 monthYear=2025년 4월
        2025-06-26 long=2025년 6월 26일 목요일 short=2025년 6월 26일 weekday=목 name=목요일 initial=목 dayMonth=6월 26일 weekOf=2025년 6월 26일 주 monthYear=2025년 6월
        2025-08-26 long=2025년 8월 26일 화요일 short=2025년 8월 26일 weekday=화 name=화요일 initial=화 dayMonth=8월 26일 weekOf=2025년 8월 26일 주 monthYear=2025년 8월
        2025-10-26 long=2025년 10월 26일 일요일 short=2025년 10월 26일 weekday=일 name=일요일 initial=일 dayMonth=10월 26일 weekOf=2025년 10월 26일 주 monthYear=2025년 10월
        2025-12-26 long=2025년 12월 26일 금요일 short=2025년 12월 26일 weekday=금 name=금요일 initial=금 dayMonth=12월 26일 weekOf=2025년 12월 26일 주 monthYear=2025년 12월
        2026-02-25 long=2026년 2월 25일 수요일 short=2026년 2월 25일 weekday=수 name=수요일 initial=수 dayMonth=2월 25일 weekOf=2026년 2월 25일 주 monthYear=2026년 2월
        shortMonth 1=1월
        shortMonth 2=2월
        shortMonth 3=3월
        shortMonth 4=4월
        shortMonth 5=5월
        shortMonth 6=6월
        shortMonth 7=7월
        shortMonth 8=8월
        shortMonth 9=9월
        shortMonth 10=10월
        shortMonth 11=11월
        shortMonth 12=12월
        range 2026-11-16 2026-11-22=2026년 11월 16일–22일
        range 2026-11-21 2026-11-21=2026년 11월 21일–21일
        range 2026-11-30 2026-12-06=2026년 11월 30일 – 12월 6일
        range 2026-01-26 2026-02-01=2026년 1월 26일 – 2월 1일
        range 2026-12-28 2027-01-03=2026년 12월 28일 – 2027년 1월 3일
        range 2019-06-03 2026-05-09=2019년 6월 3일 – 2026년 5월 9일
        count 0 tracks=0곡 plays=0회 days=0일 appearances=+ 함께한 곡 0회
        count 1 tracks=1곡 plays=1회 days=1일 appearances=+ 함께한 곡 1회
        count 2 tracks=2곡 plays=2회 days=2일 appearances=+ 함께한 곡 2회
        count 11 tracks=11곡 plays=11회 days=11일 appearances=+ 함께한 곡 11회
        count 1000 tracks=1,000곡 plays=1,000회 days=1,000일 appearances=+ 함께한 곡 1,000회
        pageOf 1 1=1페이지 중 1페이지
        pageOf 2 10=10페이지 중 2페이지
        pageOf 10 10=10페이지 중 10페이지
        duration 0=0분
        duration 29=0분
        duration 30=1분
        duration 3569=59분
        duration 3570=1시간 0분
        duration 3600=1시간 0분
        duration 3630=1시간 1분
        duration 7199=2시간 0분
        duration 86400=24시간 0분
        """
}
