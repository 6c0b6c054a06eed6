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

    /// `November 2026` / `2026년 11월`.
    public func monthYear(year: Int, month: Int) -> String {
        switch language {
        case .en: return "\(Self.englishMonths[month - 1]) \(year)"
        case .ko: return "\(year)년 \(month)월"
        }
    }

    static let english: [String: String] = [
        "home": "Home",
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
        "main_navigation": "Main",
        "day_navigation": "Days",
    ]

    static let korean: [String: String] = [
        "home": "홈",
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
        "main_navigation": "주 메뉴",
        "day_navigation": "날짜 이동",
    ]
}
