/// UI text and date formats of the theme in the site's language, from the theme's language
/// file (`templates/i18n/ko.yaml`) with English for any key that file lacks. Patterns are
/// parsed once, when the language is loaded. Dates are formatted from calendar fields, so
/// output never depends on the machine's locale or time zone.
public struct Localization: Sendable {
    public let language: Language
    /// The page's `og:locale`: `en_US`, `ko_KR`.
    public let locale: String
    /// Every UI string by key, for templates (`{{t.playlists}}`).
    public let strings: [String: String]
    /// How counts are written: `2,986`.
    let grouping: DigitGrouping

    /// Names by month (January first) and by weekday (Monday first).
    let months: [String]
    let monthsShort: [String]
    let weekdays: [String]
    let weekdaysShort: [String]
    let weekdayInitials: [String]

    let trackCount: CountForms
    let playCount: CountForms
    let dayCount: CountForms
    let appearanceCount: CountForms
    let guestPlayCount: CountForms
    let genreCount: CountForms
    let otherGenresHintCount: CountForms
    let daysLoggedHintCount: CountForms
    let artistCount: CountForms
    let albumCount: CountForms
    /// A day's listening (DayListening.swift).
    let songsPlayedCount: CountForms
    let moreSongsCount: CountForms
    let untimedDayPlayCount: CountForms

    let longDatePattern: TextPattern
    let shortDatePattern: TextPattern
    let dayMonthPattern: TextPattern
    let monthYearPattern: TextPattern
    let weekOfPattern: TextPattern
    let pageOfPattern: TextPattern
    let daysOfPattern: TextPattern
    let minutesPattern: TextPattern
    let hoursPattern: TextPattern
    let sameMonthRange: TextPattern
    let sameYearRange: TextPattern
    let otherYearsRange: TextPattern
    let newArtistCount: CountForms
    let untimedPlayCount: CountForms
    let undatedPlayCount: CountForms
    let tiedDayCount: CountForms
    let songsLoggedCount: CountForms
    let guestSongsLoggedCount: CountForms
    let daysWithPlaysCount: CountForms
    let daysLoggedCount: CountForms
    let artistsLeftOutPattern: TextPattern
    let estimatedPlayCount: CountForms
    let reviewTitlePattern: TextPattern
    let yearSoFarPattern: TextPattern
    let shareOfPlaysPattern: TextPattern
    let decadePattern: TextPattern

    /// The default theme's text for `language`, English where the theme has none: for code
    /// that renders without a journal (charts in tests).
    public init(_ language: Language) {
        self = language == .en ? Self.defaultEnglish : LanguageLoading.defaultTheme(language)
    }

    static let defaultEnglish = LanguageLoading.defaultTheme(.en)

    /// Made from the validated values of a language file by key (`strings.playlists`,
    /// `formats.long_date`), complete once merged over English.
    init(language: Language, values: [String: LanguageValue]) {
        self.language = language
        grouping = DigitGrouping.of(language)
        func text(_ key: String) -> String {
            if case .text(let value)? = values[key] { return value }
            return ""
        }
        func names(_ key: String, _ count: Int) -> [String] {
            if case .names(let value)? = values[key], value.count == count { return value }
            return Array(repeating: "", count: count)
        }
        func pattern(_ key: String) -> TextPattern {
            if case .pattern(let value)? = values[key] { return value }
            return TextPattern(pieces: [])
        }
        func count(_ key: String) -> CountForms {
            if case .count(let value)? = values[key] { return value }
            return CountForms(one: nil, other: TextPattern(pieces: []))
        }
        locale = text("locale")
        var strings: [String: String] = [:]
        for (key, value) in values where key.hasPrefix("strings.") {
            if case .text(let text) = value { strings[String(key.dropFirst("strings.".count))] = text }
        }
        self.strings = strings
        months = names("names.months", 12)
        monthsShort = names("names.months_short", 12)
        weekdays = names("names.weekdays", 7)
        weekdaysShort = names("names.weekdays_short", 7)
        weekdayInitials = names("names.weekdays_initial", 7)
        trackCount = count("counts.tracks")
        playCount = count("counts.plays")
        dayCount = count("counts.days")
        appearanceCount = count("counts.appearances")
        guestPlayCount = count("counts.guest_plays")
        genreCount = count("counts.genres")
        otherGenresHintCount = count("counts.other_genres_hint")
        daysLoggedHintCount = count("counts.days_logged_hint")
        artistCount = count("counts.artists")
        albumCount = count("counts.albums")
        songsPlayedCount = count("counts.songs_played")
        moreSongsCount = count("counts.more_songs")
        untimedDayPlayCount = count("counts.plays_of_unknown_length")
        newArtistCount = count("counts.new_artists")
        untimedPlayCount = count("counts.untimed_plays")
        undatedPlayCount = count("counts.undated_plays")
        tiedDayCount = count("counts.tied_days")
        songsLoggedCount = count("counts.songs_logged")
        guestSongsLoggedCount = count("counts.guest_songs_logged")
        daysWithPlaysCount = count("counts.days_with_plays")
        daysLoggedCount = count("counts.days_logged")
        artistsLeftOutPattern = pattern("formats.artists_left_out")
        estimatedPlayCount = count("counts.estimated_plays")
        reviewTitlePattern = pattern("formats.review_title")
        yearSoFarPattern = pattern("formats.year_so_far")
        shareOfPlaysPattern = pattern("formats.share_of_plays")
        decadePattern = pattern("formats.decade")
        longDatePattern = pattern("formats.long_date")
        shortDatePattern = pattern("formats.short_date")
        dayMonthPattern = pattern("formats.day_month")
        monthYearPattern = pattern("formats.month_year")
        weekOfPattern = pattern("formats.week_of")
        pageOfPattern = pattern("formats.page_of")
        daysOfPattern = pattern("formats.days_of")
        minutesPattern = pattern("formats.minutes")
        hoursPattern = pattern("formats.hours")
        sameMonthRange = pattern("date_ranges.same_month")
        sameYearRange = pattern("date_ranges.same_year")
        otherYearsRange = pattern("date_ranges.other_years")
    }

    /// The UI string `key`; every key exists in English (a test checks each `UIString`), so the
    /// key itself is never shown.
    func string(_ key: UIString) -> String { strings[key.rawValue] ?? key.rawValue }

    /// How a genre is named on a page: its own name, or the UI's words for the `Other` bucket
    /// and for tracks with no genre.
    public func genreName(_ genre: Genre) -> String {
        switch genre.kind {
        case .genre: return genre.name
        case .other: return string(.otherGenres)
        case .none: return string(.noGenre)
        }
    }

    // MARK: Counts

    /// A count as the language writes it: `2,986` / `2.986`.
    public func number(_ count: Int) -> String { grouping.format(count) }

    public func tracks(_ count: Int) -> String { trackCount.format(count, grouping) }

    public func pageOf(_ number: Int, _ total: Int) -> String {
        pageOfPattern.render { placeholder in
            placeholder == .number(.pages) ? String(total) : String(number)
        }
    }

    /// `315 of 365 days logged`: days logged against the days the journal has covered.
    public func daysOf(_ logged: Int, _ covered: Int) -> String {
        daysOfPattern.render { placeholder in
            placeholder == .number(.logged) ? number(logged) : number(covered)
        }
    }

    /// `42 min` / `1 h 5 min`, rounded to the nearest minute.
    public func totalDuration(_ seconds: Int) -> String {
        let minutes = (seconds + 30) / 60
        guard minutes >= 60 else { return minutesPattern.render { _ in String(minutes) } }
        return hoursPattern.render { placeholder in
            placeholder == .number(.hours) ? number(minutes / 60) : String(minutes % 60)
        }
    }

    public func days(_ count: Int) -> String { dayCount.format(count, grouping) }

    /// `12 songs logged`: the diary's own count, never called plays.
    public func songsLogged(_ count: Int) -> String { songsLoggedCount.format(count, grouping) }

    /// `3 plays with others` where `kind` counts plays, else `3 songs logged with others`: an
    /// artist heard only as a guest.
    public func guestCounted(_ count: Int, _ kind: PeriodCount) -> String {
        kind == .plays ? guestPlays(count) : guestSongsLoggedCount.format(count, grouping)
    }

    /// `12 days with plays` where `kind` counts plays, else `12 days logged`: a streak's length.
    public func streakDays(_ count: Int, _ kind: PeriodCount) -> String {
        (kind == .plays ? daysWithPlaysCount : daysLoggedCount).format(count, grouping)
    }

    /// What the artists index says of the artists only the log has that got no page.
    public func artistsLeftOut(_ count: Int, minimum: Int, limit: Int) -> String {
        artistsLeftOutPattern.render { placeholder in
            switch placeholder {
            case .number(.minimum): return number(minimum)
            case .number(.limit): return number(limit)
            default: return number(count)
            }
        }
    }

    /// `Plays over time` or `Songs logged over time`.
    public func overTime(_ kind: PeriodCount) -> String {
        string(kind == .plays ? .playsOverTime : .songsLoggedOverTime)
    }

    /// `852 plays` where `kind` counts the listening log's plays, else `12 songs logged`.
    public func counted(_ count: Int, _ kind: PeriodCount) -> String {
        kind == .plays ? plays(count) : songsLogged(count)
    }

    /// `Plays` or `Songs logged`: the label of a total counted as `kind` counts.
    public func countLabel(_ kind: PeriodCount) -> String {
        string(kind == .plays ? .playsLabel : .songsLogged)
    }

    /// What a total counted as `kind` counts, for its hint.
    public func countHint(_ kind: PeriodCount) -> String {
        string(kind == .plays ? .playsHint : .songsLoggedHint)
    }

    /// `4 plays' length estimated from the song's length.`
    public func estimatedPlays(_ count: Int) -> String { estimatedPlayCount.format(count, grouping) }

    /// `2 new artists`.
    public func newArtists(_ count: Int) -> String { newArtistCount.format(count, grouping) }

    /// `2 plays have no duration and are not counted.`
    public func untimedPlays(_ count: Int) -> String { untimedPlayCount.format(count, grouping) }

    /// `1 play has no release year.`
    public func undatedPlays(_ count: Int) -> String { undatedPlayCount.format(count, grouping) }

    /// `4 days had as many`.
    public func tiedDays(_ count: Int) -> String { tiedDayCount.format(count, grouping) }

    /// `2026 in review`.
    public func reviewTitle(_ year: Int) -> String {
        reviewTitlePattern.render { _ in String(year) }
    }

    /// `2026 so far` / `2026년 지금까지`.
    public func yearSoFar(_ year: Int) -> String {
        yearSoFarPattern.render { _ in String(year) }
    }

    /// `1980s`, for the decade starting in `year`.
    public func decade(_ year: Int) -> String {
        decadePattern.render { _ in String(year) }
    }

    /// `67% of the year's plays`; `percent` is already formatted (`67%`).
    public func shareOfPlays(_ percent: String) -> String {
        shareOfPlaysPattern.render { _ in percent }
    }

    public func plays(_ count: Int) -> String { playCount.format(count, grouping) }

    /// `3 genres` / `장르 3개`.
    public func genres(_ count: Int) -> String { genreCount.format(count, grouping) }

    /// What a period's genre count leaves to charts' `Other`.
    public func otherGenresHint(_ count: Int) -> String { otherGenresHintCount.format(count, grouping) }

    /// What a period's "days logged" counts against.
    public func daysLoggedHint(_ count: Int) -> String { daysLoggedHintCount.format(count, grouping) }

    /// `+ 3 with others` / `+ 함께한 곡 3회`: plays as a guest.
    public func appearances(_ count: Int) -> String { appearanceCount.format(count, grouping) }

    /// `3 plays with others` / `함께한 곡 3회`: an artist heard only as a guest.
    public func guestPlays(_ count: Int) -> String { guestPlayCount.format(count, grouping) }

    /// `573 artists` / `아티스트 573명`.
    public func artists(_ count: Int) -> String { artistCount.format(count, grouping) }

    /// `12 albums` / `앨범 12장`.
    public func albums(_ count: Int) -> String { albumCount.format(count, grouping) }

    /// `66 songs played` / `66곡 재생`: the different songs of a day's listening.
    public func songsPlayed(_ count: Int) -> String { songsPlayedCount.format(count, grouping) }

    /// `and 12 more songs` / `그 밖의 12곡`: the songs a day's list leaves out.
    public func moreSongs(_ count: Int) -> String { moreSongsCount.format(count, grouping) }

    /// `3 plays of unknown length` / `길이를 모르는 재생 3회`: scrobbles, whose seconds no one recorded.
    public func playsOfUnknownLength(_ count: Int) -> String { untimedDayPlayCount.format(count, grouping) }

    // MARK: Dates

    /// `Saturday, 21 November 2026` / `2026년 11월 21일 토요일`.
    public func longDate(_ date: CalendarDate) -> String { format(longDatePattern, date) }

    /// `21 Nov 2026` / `2026년 11월 21일`.
    public func shortDate(_ date: CalendarDate) -> String { format(shortDatePattern, date) }

    /// `Sat` / `토`.
    public func shortWeekday(_ date: CalendarDate) -> String { weekdaysShort[date.weekdayFromMonday] }

    /// `Monday` / `월요일`.
    public func weekdayName(_ date: CalendarDate) -> String { weekdays[date.weekdayFromMonday] }

    /// `Nov` / `11월`; `month` is 1 to 12.
    public func shortMonth(_ month: Int) -> String { monthsShort[month - 1] }

    /// `17 Nov` / `11월 17일`.
    public func dayMonth(_ date: CalendarDate) -> String { format(dayMonthPattern, date) }

    /// `17–23 Nov 2026` / `2026년 11월 17일–23일`, across months and years when it must.
    public func dateRange(_ start: CalendarDate, _ end: CalendarDate) -> String {
        let pattern = start.year != end.year ? otherYearsRange : start.month != end.month ? sameYearRange : sameMonthRange
        return pattern.render { placeholder in
            switch placeholder {
            case .start(let field): return value(field, of: start)
            case .end(let field), .date(let field): return value(field, of: end)
            case .number: return ""
            }
        }
    }

    /// `Week of 17 Nov 2026` / `2026년 11월 17일 주`.
    public func weekOf(_ start: CalendarDate) -> String { format(weekOfPattern, start) }

    /// `M` / `월`: the one-letter weekday for narrow chart labels.
    public func weekdayInitial(_ date: CalendarDate) -> String { weekdayInitials[date.weekdayFromMonday] }

    /// `November 2026` / `2026년 11월`.
    public func monthYear(year: Int, month: Int) -> String {
        monthYearPattern.render { placeholder in
            switch placeholder {
            case .date(.year): return String(year)
            case .date(.month): return String(month)
            case .date(.monthName): return months[month - 1]
            case .date(.monthShort): return monthsShort[month - 1]
            default: return ""
            }
        }
    }

    private func format(_ pattern: TextPattern, _ date: CalendarDate) -> String {
        pattern.render { placeholder in
            switch placeholder {
            case .date(let field), .start(let field), .end(let field): return value(field, of: date)
            case .number: return ""
            }
        }
    }

    private func value(_ field: TextPattern.DateField, of date: CalendarDate) -> String {
        switch field {
        case .year: return String(date.year)
        case .month: return String(date.month)
        case .day: return String(date.day)
        case .monthName: return months[date.month - 1]
        case .monthShort: return monthsShort[date.month - 1]
        case .weekday: return weekdays[date.weekdayFromMonday]
        case .weekdayShort: return weekdaysShort[date.weekdayFromMonday]
        }
    }
}

/// A count in words: `one` when the count is exactly 1 (if the language has such a form),
/// `other` for every other count; `{n}` is the count.
struct CountForms: Sendable, Equatable {
    var one: TextPattern?
    var other: TextPattern

    func format(_ count: Int, _ grouping: DigitGrouping) -> String {
        let pattern = count == 1 ? one ?? other : other
        return pattern.render { _ in grouping.format(count) }
    }
}

/// A validated value of a theme language file.
enum LanguageValue: Sendable, Equatable {
    case text(String)
    case names([String])
    case count(CountForms)
    case pattern(TextPattern)
}
