/// The parts a year in review is made of: its new artists, top artists and tracks, genre
/// phases, release years, biggest day, and last year's favourites it forgot.
extension YearReview {
    /// An artist first credited this year.
    public struct NewArtist: Sendable, Equatable {
        public var name: String
        public var slug: String
        /// Plays this year crediting the artist.
        public var plays: Int
        /// The artist's first play in the journal.
        public var firstDate: CalendarDate
        public var firstTrack: String
    }

    /// One of the year's top artists, with the month it was played most.
    public struct TopArtist: Sendable, Equatable {
        public var name: String
        /// Nil for a name no artist page has (never, for a played artist).
        public var slug: String?
        public var plays: Int
        public var peakMonth: Int
        public var peakPlays: Int
    }

    /// One of the year's top tracks, with the track as last played this year (its preview,
    /// artwork and links) for the year's playlist, its title spelled as the top lists spell it.
    public struct TopTrack: Sendable, Equatable {
        public var plays: Int
        public var track: Track
        public var lastPlayed: CalendarDate
    }

    /// A run of consecutive months led by one genre.
    public struct GenrePhase: Sendable, Equatable {
        public var firstMonth: Int
        public var lastMonth: Int
        public var genre: Genre
        /// The genre's plays over those months.
        public var plays: Int
    }

    /// Plays released in a span of years (one year, or a decade when the span is wide).
    public struct ReleaseBucket: Sendable, Equatable {
        public var first: Int
        public var last: Int
        public var plays: Int
    }

    /// The day with the most plays.
    public struct BiggestDay: Sendable, Equatable {
        /// The earliest of the days with that many plays.
        public var date: CalendarDate
        public var plays: Int
        /// How many days of the year had as many plays, this one included.
        public var ties: Int
    }

    /// A track with its plays in a span (the year, a month): the track as last played there, for
    /// its artwork and links.
    public struct PlayedTrack: Sendable, Equatable {
        public var track: Track
        public var plays: Int
    }

    /// The song played most in one month (ties: the one first played that month).
    public struct MonthTrack: Sendable, Equatable {
        public var month: Int
        public var top: PlayedTrack
    }

    /// The year's first play: the first track of its first logged day.
    public struct FirstPlay: Sendable, Equatable {
        public var date: CalendarDate
        public var track: Track
    }

    /// A name that was in last year's top ten and was not played this year.
    public struct Forgotten: Sendable, Equatable {
        public var name: String
        public var artist: String?
        /// Last year's rank, from 1.
        public var rank: Int
        public var plays: Int
    }
}
