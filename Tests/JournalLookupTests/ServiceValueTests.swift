import Foundation
import JournalCore
import Testing

@testable import JournalLookup

/// Values a service's answer gives, as the decoders keep them: addresses (artwork, previews,
/// links) only when the build would accept them in a catalogue file and they print on one line;
/// dates of digits only; error messages on one line. Found with LookupFuzz (Fuzz/crashes/LookupFuzz/).
@Suite struct ServiceValueTests {
    static func itunesRow(artwork: String, preview: String, link: String) -> Data {
        let row: [String: Any] = [
            "wrapperType": "track", "kind": "song", "trackName": "Song", "artistName": "Artist",
            "artworkUrl100": artwork, "previewUrl": preview, "trackViewUrl": link,
        ]
        return (try? JSONSerialization.data(withJSONObject: ["results": [row]])) ?? Data()
    }

    /// An address with no host name (`http:///…`) was kept, and `add` wrote a catalogue file the
    /// build then refused ("has no host name"), so every later add and enrich refused to run.
    @Test func anAddressWithoutAHostIsDropped() throws {
        let data = Self.itunesRow(
            artwork: "https:///is1.example/100x100bb.jpg", preview: "http://?x=1", link: "http:///music.apple.com/gb/album/x/1?i=2")
        let song = try #require(ITunesSearch.songs(from: data).first)
        #expect(song.artworkURL == nil)
        #expect(song.previewURL == nil)
        #expect(song.links.isEmpty)
        let entry = CatalogueEntry.song(song.cleaned, genre: nil, artwork: nil)
        let text = CatalogueFile.text(CatalogueArtist(name: song.artist, songs: [entry]))
        #expect(!text.contains(":///"))
    }

    /// A line break (U+2028 too), a control or a space inside an address: not an address.
    @Test(arguments: ["\u{2028}", "\n", "\u{7}", "\u{85}", " ", "\u{200B}", "\u{1B}[2J"])
    func anAddressWithABreakOrControlInsideIsDropped(inside: String) throws {
        let address = "https://e-cdns-images.example/cover/\(inside)x/1000x1000.jpg"
        let song = try #require(ITunesSearch.songs(from: Self.itunesRow(artwork: address, preview: address, link: address)).first)
        #expect(song.artworkURL == nil)
        #expect(song.previewURL == nil)
        #expect(song.links.isEmpty)
        let escaped = address.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
        let deezer = Data(#"{"id": 1, "title": "t", "artist": {"name": "a"}, "album": {"cover_xl": "\#(escaped)"}}"#.utf8)
        #expect(Deezer.songs(from: deezer).first?.artworkURL == nil)
    }

    @Test func ordinaryAddressesAreKept() throws {
        let data = Self.itunesRow(
            artwork: " https://is1.example/a/100x100bb.jpg ", preview: "HTTP://audio.example/p.m4a",
            link: "https://music.apple.com/us/album/x/1?i=2&uo=4")
        let song = try #require(ITunesSearch.songs(from: data).first)
        #expect(song.artworkURL == "https://is1.example/a/600x600bb.jpg")
        #expect(song.previewURL == "HTTP://audio.example/p.m4a")
        #expect(song.links["apple_music"] == "https://music.apple.com/us/album/x/1?i=2")
    }

    /// A combining mark after a date's digits was kept with them (`2020-01-01\u{301}`): the date
    /// was cut by characters, and the mark belongs to the last digit's.
    @Test(arguments: ["2020\u{301}", "2020-01\u{301}-02", "2020-01-01\u{301}T00:00:00Z"])
    func aDateIsItsDigitsOnly(date: String) throws {
        let escaped = date.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
        let album = try #require(Deezer.album(from: Data(#"{"id": 1, "title": "t", "release_date": "\#(escaped)"}"#.utf8)))
        let released = try #require(album.released)
        #expect(released.unicodeScalars.allSatisfy { $0 == "-" || ("0"..."9").contains($0) }, "\(released.unicodeScalars.map(\.value))")
        #expect([4, 7, 10].contains(released.unicodeScalars.count))
        let release = MusicBrainz.release(from: Data(#"{"id": "r", "title": "t", "date": "\#(escaped)"}"#.utf8))
        #expect(release?.date == released)
    }

    /// Deezer's error message is shown to the writer: a line break or an escape sequence in it
    /// would reach the terminal.
    @Test func deezersErrorMessageIsOneCleanLine() throws {
        let body = Data(#"{"error": {"type": "Exception", "message": "bad\nline\u001b[2J\u2028end", "code": 12}}"#.utf8)
        guard case .other(let code, let message) = try #require(Deezer.error(in: body)) else {
            Issue.record("an error of code 12 is another error")
            return
        }
        #expect(code == 12)
        #expect(message == "bad line [2J end")
    }

    /// The iTunes store's `errorMessage` (a wrong request, answered 200) is shown to the writer
    /// too: one clean line (Fuzz/crashes/LookupFuzz/itunes-errormessage-escape.json).
    @Test func itunesErrorMessageIsOneCleanLine() {
        let body = Data(#"{"errorMessage": "bad\nline\u001b[2J\u2028end"}"#.utf8)
        guard case .answer(.invalid(let reason)) = LookupClient.interpretJSON(body, from: .itunes) else {
            Issue.record("an errorMessage is an invalid answer")
            return
        }
        #expect(reason == "iTunes Search: bad line [2J end")
    }

    /// A recording of 5 ms was said to last 0 s (found by LookupFuzz in CI's first warm run):
    /// under half a second is no length.
    @Test func aRecordingUnderHalfASecondHasNoLength() {
        let body = Data(#"{"recordings": [{"id": "a", "title": "t", "length": 5}, {"id": "b", "title": "u", "length": 180500}]}"#.utf8)
        #expect(MusicBrainz.recordings(from: body).map(\.duration) == [nil, 181])
    }
}
