/// `journal status`: where the diary stands today. "Today" is the calendar date in journal.yaml's
/// `timezone` (`Today`), and every count runs up to it.
public struct JournalStatus: Sendable, Equatable {
    public var today: CalendarDate
    /// Today has an entry (a draft does not count).
    public var todayLogged: Bool
    /// The run of logged days that ends today, or yesterday while today is still open; 0 once a
    /// day was missed.
    public var currentStreak: Int
    /// The longest run of logged days ever.
    public var longestStreak: Streak?
    /// Logged days of this week (from `week_start`) and of this month, up to today, and how
    /// many days of each have begun.
    public var week: (logged: Int, days: Int)
    public var month: (logged: Int, days: Int)
    /// The latest entry, if any.
    public var lastEntry: CalendarDate?
    /// Draft days and playlists waiting, by path.
    public var drafts: [String]

    /// `journal` is loaded with its drafts (`LoadOptions(drafts: true)`).
    public init(journal: Journal, today: CalendarDate) {
        self.today = today
        let logged = Set(journal.days.filter { !$0.draft }.map(\.date))
        todayLogged = logged.contains(today)
        var streak = 0
        var day = todayLogged ? today : today.adding(days: -1)
        while logged.contains(day) {
            streak += 1
            day = day.adding(days: -1)
        }
        currentStreak = streak
        var longest: Streak?
        var run: Streak?
        for date in logged.sorted() {
            if let current = run, current.end.adding(days: 1) == date {
                run = Streak(start: current.start, end: date)
            } else {
                run = Streak(start: date, end: date)
            }
            if let current = run, current.length > (longest?.length ?? 0) { longest = current }
        }
        longestStreak = longest
        let weekStart = today.startOfWeek(journal.config.weekStart)
        let weekDays = (0...today.weekdayOffset(weekStart: journal.config.weekStart)).map { weekStart.adding(days: $0) }
        week = (weekDays.filter(logged.contains).count, weekDays.count)
        let monthDays = (1...today.day).compactMap { CalendarDate(year: today.year, month: today.month, day: $0) }
        month = (monthDays.filter(logged.contains).count, monthDays.count)
        lastEntry = logged.max()
        drafts = (journal.days.filter(\.draft).map(\.sourcePath) + journal.playlists.filter(\.draft).map(\.sourcePath)).sorted()
    }

    public static func == (a: JournalStatus, b: JournalStatus) -> Bool {
        a.today == b.today && a.todayLogged == b.todayLogged && a.currentStreak == b.currentStreak
            && a.longestStreak == b.longestStreak && a.week == b.week && a.month == b.month
            && a.lastEntry == b.lastEntry && a.drafts == b.drafts
    }

    /// The status as the terminal shows it, one fact per line.
    public var lines: [String] {
        func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
        func named(_ date: CalendarDate) -> String { "\(date.iso) (\(Self.weekdays[date.weekdayFromMonday]))" }
        var lines = ["Today, \(named(today)): " + (todayLogged ? "logged." : "not logged yet.")]
        var streak = "Current streak: \(days(currentStreak))"
        if currentStreak > 0 && !todayLogged { streak += ", through yesterday: log today to keep it going" }
        if let longest = longestStreak {
            streak += ". Longest: \(days(longest.length)) (\(longest.start.iso) to \(longest.end.iso))."
        } else {
            streak += "."
        }
        lines.append(streak)
        lines.append("This week: \(week.logged) of \(days(week.days)) logged. This month: \(month.logged) of \(days(month.days)).")
        lines.append("Last entry: " + (lastEntry.map(named) ?? "none yet (journal new writes today's)") + ".")
        if !drafts.isEmpty {
            lines.append("Drafts waiting: \(drafts.count): " + drafts.joined(separator: ", ") + ".")
        }
        return lines
    }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
}
