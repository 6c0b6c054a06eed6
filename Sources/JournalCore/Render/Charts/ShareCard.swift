/// A share card: a picture of a period (a week, a month, a year, or anything with a few headline
/// numbers) for social sites and stories, drawn as SVG by our own code and written as JPEG
/// (`SVGRaster`). Every text is shown as given, so the caller writes it in the site's language.
///
/// Make one from any numbers: a label, a kicker, two to four figures, the genres' shares and up
/// to four covers; `svg(.landscape)` is the 1200x630 `og:image`, `svg(.portrait)` the 1080x1920
/// story card.
public struct ShareCard: Sendable, Equatable {
    /// A headline number: `87` over `Tracks`.
    public struct Figure: Sendable, Equatable {
        public var value: String
        public var label: String

        public init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// A part of the genre bar: its width is `weight` over the sum of every segment's.
    public struct Segment: Sendable, Equatable {
        public enum Style: Sendable, Equatable {
            /// A genre in its own colour.
            case solid
            /// A genre beyond the site's top ones, in its own colour, striped (as in lists).
            case striped
            /// Tracks with no genre: translucent, dashed outline (as in charts).
            case noGenre
        }

        public var name: String
        /// `#rrggbb`.
        public var color: String
        /// Plays; a segment of weight 0 is not drawn.
        public var weight: Int
        public var style: Style

        public init(name: String, color: String, weight: Int, style: Style = .solid) {
            self.name = name
            self.color = color
            self.weight = weight
            self.style = style
        }
    }

    /// A cover: an image, or one drawn from the title's initials on `color` (`CoverArt`).
    public struct Cover: Sendable, Equatable {
        public var title: String
        public var artist: String
        /// `#rrggbb`: the genre's colour, for a drawn cover.
        public var color: String
        /// A checked `data:image/...;base64,` URI (`CardArtwork`); nil (and no `squares`) draws the cover.
        public var image: String?
        /// A resized cover's JPEG squares, smallest first: the card shows the smallest that fills
        /// its tile, by reference (`CoverSquares.scheme`), and gets its bytes only when drawn.
        public var squares: [Square]

        public init(title: String, artist: String, color: String, image: String? = nil, squares: [Square] = []) {
            self.title = title
            self.artist = artist
            self.color = color
            self.image = image
            self.squares = squares
        }
    }

    /// One JPEG square of a resized cover: its side in pixels and its site path (`covers/…-384.jpg`).
    public struct Square: Sendable, Equatable {
        public var side: Int
        public var path: String

        public init(side: Int, path: String) {
            self.side = side
            self.path = path
        }
    }

    /// What a card leads with, when it has one: `Song of the year` over `Hype Boy`, with
    /// `NewJeans · 9 plays` under it and its cover (drawn round for an artist).
    public struct Headline: Sendable, Equatable {
        public var label: String
        public var title: String
        public var detail: String
        public var cover: Cover
        public var round: Bool

        public init(label: String, title: String, detail: String, cover: Cover, round: Bool = false) {
            self.label = label
            self.title = title
            self.detail = detail
            self.cover = cover
            self.round = round
        }
    }

    public enum Layout: Sendable, CaseIterable {
        /// 1200x630: `og:image`, link previews.
        case landscape
        /// 1080x1920: stories.
        case portrait

        /// In pixels.
        public var width: Int { self == .landscape ? 1200 : 1080 }
        public var height: Int { self == .landscape ? 630 : 1920 }
    }

    /// What is shown: `November 2026`, `Week of 17 Nov 2026`, `2026`.
    public var label: String
    /// Above the label: `Month in music`.
    public var kicker: String
    public var siteTitle: String
    /// `example.org/journal`; empty when the site has no absolute address.
    public var siteAddress: String
    /// Two to four are drawn; more are left out.
    public var figures: [Figure]
    /// Over the genre bar: `Top genres`.
    public var genresHeading: String
    /// In the order drawn, left to right; named under the bar as far as two rows go.
    public var genres: [Segment]
    /// At most four are drawn, the first largest.
    public var covers: [Cover]
    /// The `lang` of the text (`en`, `ko`), so the right glyphs are picked.
    public var language: String
    /// One or two headlines (the year's song and artist): drawn first, each with its cover,
    /// in place of the grid of covers.
    public var headlines: [Headline] = []

    public init(
        label: String, kicker: String, siteTitle: String, siteAddress: String, figures: [Figure],
        genresHeading: String, genres: [Segment], covers: [Cover], language: String
    ) {
        self.label = label
        self.kicker = kicker
        self.siteTitle = siteTitle
        self.siteAddress = siteAddress
        self.figures = figures
        self.genresHeading = genresHeading
        self.genres = genres
        self.covers = covers
        self.language = language
    }
}
