import Mustache
import Testing

@testable import JournalCore

/// Views become template values by their stored properties (`TemplateEncoding`): names as
/// declared, an absent optional as `false`, flattened parts beside their container's fields.
@Suite struct TemplateEncoderTests {
    struct Inner: Encodable {
        var name: String
        var count: Int
    }

    struct Outer: Encodable {
        var title: String
        var subtitle: String?
        var inner: Inner?
        var missing: Inner?
        var items: [Inner]
        var flags: [Bool]
        var words: [String?]
        var done: Bool
    }

    @Test func storedPropertiesBecomeFieldsAndAbsentOptionalsFalse() {
        let view = Outer(
            title: "Rain", subtitle: nil, inner: Inner(name: "a", count: 2), missing: nil,
            items: [Inner(name: "b", count: 3), Inner(name: "c", count: 4)], flags: [true, false], words: ["x", nil], done: true)
        let expected: TemplateValue = [
            "title": "Rain", "subtitle": false, "inner": ["name": "a", "count": 2], "missing": false,
            "items": [["name": "b", "count": 3], ["name": "c", "count": 4]], "flags": [true, false], "words": ["x", false], "done": true,
        ]
        #expect(TemplateEncoding.value(view) == expected)
    }

    struct Card: Encodable {
        var date: String
        var title: String?
    }

    struct Page: Encodable {
        @Flattened var card: Card
        var heading: String
        /// The same name as a card's field: the page's own, declared later, stands.
        var title: String
    }

    @Test func aFlattenedPartsFieldsStandBesideTheContainersOwn() {
        let page = Page(card: Card(date: "21 Nov", title: "Card title"), heading: "Friday", title: "Page title")
        #expect(TemplateEncoding.object(page) == ["date": "21 Nov", "heading": "Friday", "title": "Page title"])
        // Flattened deeper down too, and a flattened part's absent optional is false.
        struct Holder: Encodable {
            var page: Page
            var card: Card
        }
        let holder = Holder(page: Page(card: Card(date: "1 Jan", title: nil), heading: "H", title: "T"), card: Card(date: "2 Jan", title: nil))
        #expect(TemplateEncoding.value(holder) == ["page": ["date": "1 Jan", "heading": "H", "title": "T"], "card": ["date": "2 Jan", "title": false]])
    }

    @Test func convertedAndReadyValuesAreKeptAsTheyAre() {
        struct Shell: Encodable {
            var cards: [Converted]
            var strings: TemplateValue
        }
        let card = Converted(Card(date: "3 Mar", title: "Spring"))
        let shell = Shell(cards: [card, card], strings: ["next": "Next"])
        #expect(
            TemplateEncoding.value(shell) == [
                "cards": [["date": "3 Mar", "title": "Spring"], ["date": "3 Mar", "title": "Spring"]],
                "strings": ["next": "Next"],
            ])
    }

    /// A value that encodes itself through nested containers (no view does; Codable allows it)
    /// comes out as the same nesting, beside fields encoded after it.
    @Test func nestedContainersBecomeNestedValues() {
        struct Custom: Encodable {
            enum Key: String, CodingKey { case name, inner, list }
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var inner = container.nestedContainer(keyedBy: Key.self, forKey: .inner)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try container.encode("outer", forKey: .name)
                try inner.encode("inside", forKey: .name)
                try list.encode(1)
                var item = list.nestedContainer(keyedBy: Key.self)
                try list.encode(3)
                try item.encode("second", forKey: .name)
            }
        }
        struct Holder: Encodable {
            var custom: Custom
            var after: String
        }
        #expect(
            TemplateEncoding.value(Holder(custom: Custom(), after: "x")) == [
                "custom": ["name": "outer", "inner": ["name": "inside"], "list": [1, ["name": "second"], 3]], "after": "x",
            ])
    }

    /// What a theme sees of a real view: a track's card, with the names templates use.
    @Test func aTracksViewHasTheNamesTheThemeUses() throws {
        let track = TrackView(
            number: 2, anchor: SiteURLs.trackAnchor(2), title: "Rain", trackHref: nil, artist: "A, B", primaryArtist: "A",
            genre: "Pop", genreColor: "#fff", genreHref: nil, artists: [NamedLink(name: "A", href: "/a/")],
            featuring: "B", album: nil, duration: "3:41", durationISO: "PT221S", released: nil, artwork: nil,
            placeholder: nil, preview: nil, links: [], note: nil)
        let object = TemplateEncoding.object(track)
        #expect(object["anchor"] == .text(SiteURLs.trackAnchor(2)))
        #expect(object["album"] == .bool(false))
        #expect(object["artists"] == [["name": "A", "href": "/a/"]])
        #expect(object["number"] == 2)
        let names = Set(object.keys)
        #expect(
            names == [
                "number", "anchor", "title", "trackHref", "artist", "primaryArtist", "genre", "genreColor", "genreHref", "artists",
                "featuring", "album", "duration", "durationISO", "released", "artwork", "artworkWebp", "placeholder",
                "preview", "links", "note", "plays",
            ])
        // Rendered: a missing album renders nothing rather than an enclosing title.
        var library = TemplateLibrary()
        library.register(try Template(parsing: "{{#track}}{{title}}{{#album}} on {{.}}{{/album}}{{/track}}"), named: "t", path: "t")
        let output = try library.render(["track": .object(object), "album": "Enclosing"], template: "t")
        #expect(String(decoding: output, as: UTF8.self) == "Rain")
    }
}
