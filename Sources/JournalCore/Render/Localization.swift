/// UI text and date formats of the default theme in the site's language. Dates are formatted
/// by hand from calendar fields, so output never depends on the machine's locale or time zone.
public struct Localization: Sendable {
    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    /// Every UI string by key, for templates (`{{t.playlists}}`).
    public var strings: [String: String] {
        switch language {
        case .en: return Self.english
        case .ko: return Self.korean
        }
    }

    public func string(_ key: String) -> String { strings[key] ?? key }

    // MARK: Counts

    public func tracks(_ count: Int) -> String {
        switch language {
        case .en: return count == 1 ? "1 track" : "\(count) tracks"
        case .ko: return "\(count)곡"
        }
    }

    public func pageOf(_ number: Int, _ total: Int) -> String {
        switch language {
        case .en: return "Page \(number) of \(total)"
        case .ko: return "\(total)페이지 중 \(number)페이지"
        }
    }

    /// `42 min` / `1 h 5 min`.
    public func totalDuration(_ seconds: Int) -> String {
        let minutes = (seconds + 30) / 60
        switch language {
        case .en: return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
        case .ko: return minutes >= 60 ? "\(minutes / 60)시간 \(minutes % 60)분" : "\(minutes)분"
        }
    }

    // MARK: Dates

    static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August",
                                "September", "October", "November", "December"]
    static let englishWeekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let koreanWeekdays = ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"]

    /// `Saturday, 21 November 2026` / `2026년 11월 21일 토요일`.
    public func longDate(_ date: CalendarDate) -> String {
        switch language {
        case .en:
            return "\(Self.englishWeekdays[date.weekdayFromMonday]), \(date.day) \(Self.englishMonths[date.month - 1]) \(date.year)"
        case .ko:
            return "\(date.year)년 \(date.month)월 \(date.day)일 \(Self.koreanWeekdays[date.weekdayFromMonday])"
        }
    }

    /// `21 Nov 2026` / `2026년 11월 21일`.
    public func shortDate(_ date: CalendarDate) -> String {
        switch language {
        case .en: return "\(date.day) \(Self.englishMonths[date.month - 1].prefix(3)) \(date.year)"
        case .ko: return "\(date.year)년 \(date.month)월 \(date.day)일"
        }
    }

    /// `Sat` / `토`.
    public func shortWeekday(_ date: CalendarDate) -> String {
        switch language {
        case .en: return String(Self.englishWeekdays[date.weekdayFromMonday].prefix(3))
        case .ko: return String(Self.koreanWeekdays[date.weekdayFromMonday].prefix(1))
        }
    }

    /// `Monday` / `월요일`.
    static func weekdayName(_ date: CalendarDate, language: Language) -> String {
        language == .en ? englishWeekdays[date.weekdayFromMonday] : koreanWeekdays[date.weekdayFromMonday]
    }

    /// `Nov` / `11월`.
    public func shortMonth(_ month: Int) -> String {
        switch language {
        case .en: return String(Self.englishMonths[month - 1].prefix(3))
        case .ko: return "\(month)월"
        }
    }

    /// `17 Nov` / `11월 17일`.
    public func dayMonth(_ date: CalendarDate) -> String {
        switch language {
        case .en: return "\(date.day) \(Self.englishMonths[date.month - 1].prefix(3))"
        case .ko: return "\(date.month)월 \(date.day)일"
        }
    }

    /// `17–23 Nov 2026` / `2026년 11월 17일–23일`, across months and years when it must.
    public func dateRange(_ start: CalendarDate, _ end: CalendarDate) -> String {
        switch language {
        case .en:
            if start.year != end.year { return "\(shortDate(start)) – \(shortDate(end))" }
            if start.month != end.month { return "\(dayMonth(start)) – \(dayMonth(end)) \(end.year)" }
            return "\(start.day)–\(end.day) \(Self.englishMonths[end.month - 1].prefix(3)) \(end.year)"
        case .ko:
            if start.year != end.year { return "\(shortDate(start)) – \(shortDate(end))" }
            if start.month != end.month { return "\(start.year)년 \(dayMonth(start)) – \(dayMonth(end))" }
            return "\(start.year)년 \(start.month)월 \(start.day)일–\(end.day)일"
        }
    }

    /// `Week of 17 Nov 2026` / `2026년 11월 17일 주`.
    public func weekOf(_ start: CalendarDate) -> String {
        switch language {
        case .en: return "Week of \(shortDate(start))"
        case .ko: return "\(shortDate(start)) 주"
        }
    }

    public func days(_ count: Int) -> String {
        switch language {
        case .en: return count == 1 ? "1 day" : "\(count) days"
        case .ko: return "\(count)일"
        }
    }

    public func plays(_ count: Int) -> String {
        switch language {
        case .en: return count == 1 ? "1 play" : "\(count) plays"
        case .ko: return "\(count)회"
        }
    }

    /// `3 more as a guest` / `피처링 3회`.
    public func appearances(_ count: Int) -> String {
        switch language {
        case .en: return "+ \(count) with others"
        case .ko: return "+ 함께한 곡 \(count)회"
        }
    }

    /// `M` / `월`: the one-letter weekday for narrow chart labels.
    public func weekdayInitial(_ date: CalendarDate) -> String {
        switch language {
        case .en: return String(Self.englishWeekdays[date.weekdayFromMonday].prefix(1))
        case .ko: return String(Self.koreanWeekdays[date.weekdayFromMonday].prefix(1))
        }
    }

    /// `November 2026` / `2026년 11월`.
    public func monthYear(year: Int, month: Int) -> String {
        switch language {
        case .en: return "\(Self.englishMonths[month - 1]) \(year)"
        case .ko: return "\(year)년 \(month)월"
        }
    }

    static let english: [String: String] = [
        "playlists": "Playlists",
        "latest_days": "Latest days",
        "previous_day": "Previous day",
        "next_day": "Next day",
        "newer": "Newer",
        "older": "Older",
        "pagination": "Pages",
        "listen_on": "Listen on",
        "preview": "Preview",
        "mood": "Mood",
        "tags": "Tags",
        "album": "Album",
        "released": "Released",
        "genre": "Genre",
        "duration": "Duration",
        "created": "Created",
        "updated": "Updated",
        "total": "Total",
        "tracklist": "Tracks",
        "skip_to_content": "Skip to content",
        "not_found_title": "Page not found",
        "not_found_text": "There is no page at this address. It may have moved, or the link may be mistyped.",
        "back_home": "Back to the journal",
        "no_days": "Nothing logged yet. Add a day in content/diary/ and build again.",
        "no_playlists": "No playlists yet.",
        "read_day": "Read the day",
        "song_of_the_day": "Song of the day",
        "made_with": "Made with journal",
        "less": "Less",
        "more": "More",
        "this_week": "This week",
        "this_month": "This month",
        "previous_week": "Previous week",
        "next_week": "Next week",
        "previous_month": "Previous month",
        "next_month": "Next month",
        "previous_year": "Previous year",
        "next_year": "Next year",
        "year_in_review": "Year in review",
        "genres": "Genres",
        "top_genres": "Top genres",
        "top_artists": "Top artists",
        "top_tracks": "Top tracks",
        "tracks_played": "Tracks",
        "days_logged": "Days logged",
        "longest_streak": "Longest streak",
        "current_streak": "Current streak",
        "show_numbers": "Show the numbers",
        "date": "Date",
        "month": "Month",
        "svg_file": "Chart as SVG",
        "calendar": "Calendar",
        "heatmap": "Every day of the year",
        "by_month": "Month by month",
        "the_weeks_tracks": "The week's tracks",
        "week": "Week",
        "period_navigation": "Periods",
        "no_tracks_period": "Nothing logged.",
        "artists": "Artists",
        "stats": "Stats",
        "plays_label": "Plays",
        "first_listened": "First listened",
        "last_listened": "Last listened",
        "plays_over_time": "Plays over time",
        "year": "Year",
        "rank": "Rank",
        "albums": "Albums",
        "every_play": "Every play",
        "days_played": "Every day it was played",
        "search": "Search",
        "search_label": "Search days, tracks, artists, genres and playlists",
        "search_needs_js": "Search needs JavaScript. Browse by year, genre or artist instead.",
        "no_results_for": "No results for",
        "results": "results",
        "loading": "Loading…",
        "type_day": "Day",
        "type_track": "Track",
        "type_artist": "Artist",
        "type_genre": "Genre",
        "type_playlist": "Playlist",
        "play_all": "Play all",
        "pause": "Pause",
        "play": "Play",
        "previous": "Previous",
        "next": "Next",
        "repeat": "Repeat",
        "now_playing": "Now playing",
        "feed": "Feed",
        "other_bucket": "drawn as Other in charts",
        "tagged_playlists": "Playlists",
        "tagged_days": "Days",
        "main_navigation": "Main",
        "day_navigation": "Days",
    ]

    static let korean: [String: String] = [
        "playlists": "플레이리스트",
        "latest_days": "최근 기록",
        "previous_day": "이전 날",
        "next_day": "다음 날",
        "newer": "최신 기록",
        "older": "이전 기록",
        "pagination": "페이지",
        "listen_on": "듣기",
        "preview": "미리 듣기",
        "mood": "기분",
        "tags": "태그",
        "album": "앨범",
        "released": "발매",
        "genre": "장르",
        "duration": "재생 시간",
        "created": "만든 날",
        "updated": "업데이트",
        "total": "총 재생 시간",
        "tracklist": "수록곡",
        "skip_to_content": "본문 바로가기",
        "not_found_title": "페이지를 찾을 수 없습니다",
        "not_found_text": "이 주소에는 페이지가 없습니다. 옮겨졌거나 주소가 잘못되었을 수 있어요.",
        "back_home": "처음으로 돌아가기",
        "no_days": "아직 기록이 없습니다. content/diary/에 하루를 추가하고 다시 빌드하세요.",
        "no_playlists": "아직 플레이리스트가 없습니다.",
        "read_day": "이 날 보기",
        "song_of_the_day": "오늘의 노래",
        "made_with": "journal로 만들었습니다",
        "less": "적음",
        "more": "많음",
        "this_week": "이번 주",
        "this_month": "이번 달",
        "previous_week": "이전 주",
        "next_week": "다음 주",
        "previous_month": "이전 달",
        "next_month": "다음 달",
        "previous_year": "이전 해",
        "next_year": "다음 해",
        "year_in_review": "올해의 기록",
        "genres": "장르",
        "top_genres": "많이 들은 장르",
        "top_artists": "많이 들은 아티스트",
        "top_tracks": "많이 들은 곡",
        "tracks_played": "곡 수",
        "days_logged": "기록한 날",
        "longest_streak": "최장 연속 기록",
        "current_streak": "현재 연속 기록",
        "show_numbers": "숫자로 보기",
        "date": "날짜",
        "month": "월",
        "svg_file": "SVG 차트",
        "calendar": "달력",
        "heatmap": "한 해의 모든 날",
        "by_month": "월별",
        "the_weeks_tracks": "이번 주의 노래",
        "week": "주",
        "period_navigation": "기간 이동",
        "no_tracks_period": "기록이 없습니다.",
        "artists": "아티스트",
        "stats": "통계",
        "plays_label": "재생",
        "first_listened": "처음 들은 날",
        "last_listened": "마지막으로 들은 날",
        "plays_over_time": "시기별 재생",
        "year": "연도",
        "rank": "순위",
        "albums": "앨범",
        "every_play": "모든 재생 기록",
        "days_played": "들은 날",
        "search": "검색",
        "search_label": "날짜, 곡, 아티스트, 장르, 플레이리스트 검색",
        "search_needs_js": "검색에는 JavaScript가 필요합니다. 연도, 장르, 아티스트별로 둘러보세요.",
        "no_results_for": "검색 결과 없음:",
        "results": "{n}개 결과",
        "loading": "불러오는 중…",
        "type_day": "날짜",
        "type_track": "곡",
        "type_artist": "아티스트",
        "type_genre": "장르",
        "type_playlist": "플레이리스트",
        "play_all": "전체 재생",
        "pause": "일시 정지",
        "play": "재생",
        "previous": "이전 곡",
        "next": "다음 곡",
        "repeat": "반복",
        "now_playing": "재생 중",
        "feed": "피드",
        "other_bucket": "차트에서는 기타로 표시",
        "tagged_playlists": "플레이리스트",
        "tagged_days": "날짜",
        "main_navigation": "주 메뉴",
        "day_navigation": "날짜 이동",
    ]
}
