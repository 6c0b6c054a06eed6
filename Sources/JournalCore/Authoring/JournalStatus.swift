/// `journal status`: where the diary stands today. "Today" is the calendar date in journal.yaml's
/// `timezone` (`Today`), and every count runs up to it. A day counts as logged when the writer
/// made it or added words to it (`Day.isLogged`): a day `journal import` or `journal sync` wrote
/// waits for words and is counted apart (docs/reminders.md).
public struct JournalStatus: Sendable, Equatable {
    public var today: CalendarDate
    /// Today has an entry (a draft, or an imported or synced day without words, does not count).
    public var todayLogged: Bool
    /// Today has an imported or synced day that waits for the writer's words.
    public var todayWaits: Bool
    /// Imported or synced days up to today that wait for the writer's words: how many of the
    /// last `recentDays` days (today among them), how many in all, and the newest.
    public var waiting: Waiting
    /// The run of logged days that ends today, or yesterday while today is still open; 0 once a
    /// day was missed.
    public var currentStreak: Int
    /// The longest run of logged days ever.
    public var longestStreak: Streak?
    /// Logged days of this week (from `week_start`) and of this month, up to today, and how
    /// many days of each have begun.
    public var week: (logged: Int, days: Int)
    public var month: (logged: Int, days: Int)
    /// The journal's first day (its oldest day file; today when it has none): the week and the
    /// month are counted from it.
    public var begun: CalendarDate
    /// The latest entry, if any.
    public var lastEntry: CalendarDate?
    /// Draft days and playlists waiting, by path.
    public var drafts: [String]

    /// `journal` is loaded with its drafts (`LoadOptions(drafts: true)`).
    public init(journal: Journal, today: CalendarDate) {
        self.today = today
        let logged = Set(journal.days.filter(\.isLogged).map(\.date))
        todayLogged = logged.contains(today)
        let waits = journal.days.filter { $0.waitsForWords && $0.date <= today }.map(\.date)
        let recentStart = today.adding(days: 1 - Self.recentDays)
        waiting = Waiting(recent: waits.filter { $0 >= recentStart }.count, total: waits.count, newest: waits.max())
        todayWaits = waiting.newest == today
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
        // Days before the journal's first day are not days missed: a journal begun today is
        // 0 of 1, not 0 of 28.
        let first = min(journal.days.map(\.date).min() ?? today, today)
        begun = first
        let weekStart = today.startOfWeek(journal.config.weekStart)
        let weekDays = (0...today.weekdayOffset(weekStart: journal.config.weekStart)).map { weekStart.adding(days: $0) }.filter { $0 >= first }
        week = (weekDays.filter(logged.contains).count, weekDays.count)
        let monthDays = (1...today.day).compactMap { CalendarDate(year: today.year, month: today.month, day: $0) }.filter { $0 >= first }
        month = (monthDays.filter(logged.contains).count, monthDays.count)
        lastEntry = logged.max()
        drafts = (journal.days.filter(\.draft).map(\.sourcePath) + journal.playlists.filter(\.draft).map(\.sourcePath)).sorted()
    }

    public static func == (a: JournalStatus, b: JournalStatus) -> Bool {
        a.today == b.today && a.todayLogged == b.todayLogged && a.todayWaits == b.todayWaits && a.waiting == b.waiting
            && a.currentStreak == b.currentStreak
            && a.longestStreak == b.longestStreak && a.week == b.week && a.month == b.month
            && a.lastEntry == b.lastEntry && a.drafts == b.drafts && a.begun == b.begun
    }

    /// The status as the terminal shows it, one fact per line.
    public var lines: [String] {
        func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
        func named(_ date: CalendarDate) -> String { "\(date.iso) (\(Self.weekdays[date.weekdayFromMonday]))" }
        let todayIs = todayLogged ? "logged." : todayWaits ? "not logged yet: its listening is in, waiting for your words." : "not logged yet."
        var lines = ["Today, \(named(today)): " + todayIs]
        var streak = "Current streak: \(days(currentStreak))"
        if currentStreak > 0 && !todayLogged { streak += ", through yesterday: log today to keep it going" }
        if let longest = longestStreak {
            streak += ". Longest: \(days(longest.length)) (\(longest.start.iso) to \(longest.end.iso))."
        } else {
            streak += "."
        }
        lines.append(streak)
        var period = "This week: \(week.logged) of \(days(week.days)) logged. This month: \(month.logged) of \(days(month.days))"
        if begun.year == today.year && begun.month == today.month && begun.day > 1 {
            period += begun == today ? " (counted from today, the journal's first day)" : " (counted from \(begun.iso), the journal's first day)"
        }
        lines.append(period + ".")
        let noEntry = todayWaits ? "none yet" : "none yet (journal new writes today's)"
        lines.append("Last entry: " + (lastEntry.map(named) ?? noEntry) + ".")
        if let line = waiting.line(named: named) { lines.append(line) }
        if !drafts.isEmpty {
            lines.append("Drafts waiting: \(drafts.count): " + drafts.joined(separator: ", ") + ".")
        }
        return lines
    }

    /// The days a reminder looks back over for days waiting for words.
    public static let recentDays = 30

    /// Imported or synced days waiting for the writer's words.
    public struct Waiting: Sendable, Equatable {
        /// Of the last `recentDays` days, today among them.
        public var recent: Int
        public var total: Int
        public var newest: CalendarDate?

        /// "3 days imported or synced in the last 30 wait for your words (40 in all) …"; nil when
        /// none waits.
        func line(named: (CalendarDate) -> String) -> String? {
            guard total > 0, let newest else { return nil }
            func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
            let verb = { (count: Int) in count == 1 ? "waits" : "wait" }
            let count =
                recent == 0
                ? "\(days(total)) imported or synced before the last \(JournalStatus.recentDays) \(verb(total)) for your words"
                : "\(days(recent)) imported or synced in the last \(JournalStatus.recentDays) \(verb(recent)) for your words"
                    + (recent < total ? " (\(total) in all)" : "")
            return count + "; the newest: \(named(newest)). Add a title, a mood, tags, a note or a few words to make a day yours."
        }
    }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
}
