/// The UI strings Swift code shows, by names the compiler checks: each is a key of the language
/// files (`i18n/en.yaml`, `i18n/ko.yaml`), and a test checks every case is in each of them.
/// Templates name theirs as `{{t.key}}`.
enum UIString: String, CaseIterable, Sendable {
    case albums
    case albumsLabel = "albums_label"
    case allTime = "all_time"
    case archive
    case artistOfTheYear = "artist_of_the_year"
    case artists
    case artistsHint = "artists_hint"
    case artistsLabel = "artists_label"
    case calendar
    case cardMonth = "card_month"
    case cardWeek = "card_week"
    case cardYear = "card_year"
    case comparedWith = "compared_with"
    case dataSpan = "data_span"
    case dataSpanHint = "data_span_hint"
    case date
    case dayListeningUnknownLength = "day_listening_unknown_length"
    case daysLogged = "days_logged"
    case firstListened = "first_listened"
    case firstSong = "first_song"
    case fiveYearsAgo = "five_years_ago"
    case genreMix = "genre_mix"
    case genrePhases = "genre_phases"
    case genres
    case genresHint = "genres_hint"
    case heatmap
    case lastListened = "last_listened"
    case less
    case listeningByHour = "listening_by_hour"
    case listeningRhythm = "listening_rhythm"
    case longestStreak = "longest_streak"
    case minutesHint = "minutes_hint"
    case minutesLabel = "minutes_label"
    case minutesShort = "minutes_short"
    case month
    case more
    case newArtistsShort = "new_artists_short"
    case newThisYear = "new_this_year"
    case newer
    case nextMonth = "next_month"
    case nextPage = "next_page"
    case nextWeek = "next_week"
    case nextYear = "next_year"
    case noGenre = "no_genre"
    case notFoundTitle = "not_found_title"
    case notYet = "not_yet"
    case older
    case oneYearAgo = "one_year_ago"
    case otherBucketNote = "other_bucket_note"
    case otherGenres = "other_genres"
    case peakMonth = "peak_month"
    case playedMost = "played_most"
    case playlists
    case playsLabel = "plays_label"
    case playsOverTime = "plays_over_time"
    case songsLoggedOverTime = "songs_logged_over_time"
    case inTheDiary = "in_the_diary"
    case previousMonth = "previous_month"
    case previousPage = "previous_page"
    case previousWeek = "previous_week"
    case previousYear = "previous_year"
    case rank
    case releaseYears = "release_years"
    case reviewLede = "review_lede"
    case search
    case searchYearName = "search_year_name"
    case shareCalendar = "share_calendar"
    case shareCard = "share_card"
    case shareChart = "share_chart"
    case shareHeatmap = "share_heatmap"
    case shareStory = "share_story"
    case songOfTheYear = "song_of_the_year"
    case songsLogged = "songs_logged"
    case songsLoggedHint = "songs_logged_hint"
    case playsHint = "plays_hint"
    case about
    case timePlayed = "time_played"
    case minutesPlayedHint = "minutes_played_hint"
    case taggedDays = "tagged_days"
    case tags
    case tenYearsAgo = "ten_years_ago"
    case topGenres = "top_genres"
    case tracksHeading = "tracks_heading"
    case tracksLabel = "tracks_label"
    case tracksPlayed = "tracks_played"
    case tracksPlayedHint = "tracks_played_hint"
    case typeArtist = "type_artist"
    case typeDay = "type_day"
    case typeGenre = "type_genre"
    case typeMonth = "type_month"
    case typePage = "type_page"
    case typePlaylist = "type_playlist"
    case typeTag = "type_tag"
    case typeTrack = "type_track"
    case typeYear = "type_year"
    case year
    case yearInReview = "year_in_review"
}
