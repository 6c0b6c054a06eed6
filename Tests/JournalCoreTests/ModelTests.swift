import Testing

@testable import JournalCore

@Suite struct CalendarDateTests {
    @Test func parsesOnlyRealDatesWrittenYYYYMMDD() {
        #expect(CalendarDate(iso: "2026-11-21") == CalendarDate(year: 2026, month: 11, day: 21))
        #expect(CalendarDate(iso: "2028-02-29") != nil)
        for bad in ["2026-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-11-31", "2026-1-21", "26-11-21", "2026/11/21", "2026-11-21T00:00", ""] {
            #expect(CalendarDate(iso: bad) == nil, "\(bad)")
        }
    }

    @Test func weekdaysAndDayNumbersAgree() throws {
        let date = try #require(CalendarDate(iso: "2026-11-21"))
        #expect(date.weekdayFromMonday == 5)  // a Saturday
        #expect(try #require(CalendarDate(iso: "1970-01-01")).dayNumber == 0)
        #expect(try #require(CalendarDate(iso: "1969-12-31")).weekdayFromMonday == 2)  // a Wednesday
        #expect(date.adding(days: 11) == CalendarDate(iso: "2026-12-02"))
        #expect(try #require(CalendarDate(iso: "2028-02-28")).adding(days: 1) == CalendarDate(iso: "2028-02-29"))
        for number in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CalendarDate(dayNumber: number).dayNumber == number)
        }
    }
}

@Suite struct SlugTests {
    @Test func keepsLettersOfEveryScriptAndJoinsTheRestWithOneDash() {
        #expect(Slug.make("Hype Boy") == "hype-boy")
        #expect(Slug.make("  가을 발라드!! ") == "가을-발라드")
        #expect(Slug.make("Café del Mar") == "café-del-mar")
        #expect(Slug.make("Cafe\u{301}") == "café")  // decomposed é is composed first
        #expect(Slug.make("R&B / Soul") == "r-b-soul")
        #expect(Slug.make("竹内まりや") == "竹内まりや")
    }

    @Test func isNeverEmptyOrADotPath() {
        for name in ["", "!!!", ".", "..", "---", "/"] {
            let slug = Slug.make(name)
            #expect(!slug.isEmpty && slug != "." && slug != "..", "\(name) -> \(slug)")
        }
    }

    @Test func numbersCollisionsInOrder() {
        var allocator = SlugAllocator(reserved: ["playlists"])
        #expect(allocator.allocate("rain") == "rain")
        #expect(allocator.allocate("rain") == "rain-2")
        #expect(allocator.allocate("rain") == "rain-3")
        #expect(allocator.allocate("playlists") == "playlists-2")
    }
}

@Suite struct DurationTests {
    @Test func readsTheThreeWrittenForms() {
        #expect(DurationFormat.seconds(from: "2:59") == 179)
        #expect(DurationFormat.seconds(from: "1:02:03") == 3723)
        #expect(DurationFormat.seconds(from: "221") == 221)
        for bad in ["2:60", "2:5", "abc", "1:2:3", "-3", "", "2:59:00:00", "3.5"] {
            #expect(DurationFormat.seconds(from: bad) == nil, "\(bad)")
        }
    }

    @Test func writesMinutesAndHours() {
        #expect(DurationFormat.string(seconds: 179) == "2:59")
        #expect(DurationFormat.string(seconds: 3723) == "1:02:03")
        #expect(DurationFormat.string(seconds: 5) == "0:05")
    }
}

@Suite struct LinkTargetTests {
    @Test func allowsWebLinksAndPaths() throws {
        #expect(try LinkTarget.check("https://music.apple.com/x").get().kind == .absolute)
        #expect(try LinkTarget.check("HTTP://example.com").get().kind == .absolute)
        #expect(try LinkTarget.check("/artwork/a.svg").get().kind == .siteRoot)
        #expect(try LinkTarget.check("artwork/a.svg").get().kind == .relative)
        #expect(try LinkTarget.check("mailto:me@example.com", allowMailto: true).get().kind == .absolute)
    }

    @Test func refusesEveryOtherScheme() {
        for bad in ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,x", "file:///etc/passwd", "vbscript:x", "mailto:me@example.com"] {
            guard case .failure(.unsafeScheme) = LinkTarget.check(bad) else {
                Issue.record("\(bad) was allowed")
                continue
            }
        }
        #expect(throws: LinkTarget.Problem.invalidCharacter) { try LinkTarget.check("java\tscript:alert(1)").get() }
    }

    @Test func resolvesSitePathsUnderTheBasePath() throws {
        let urls = SiteURLs(config: SiteConfig(title: "t", baseURL: "https://me.github.io/journal/"))
        #expect(urls.resolve(try LinkTarget.check("/artwork/a.svg").get()) == "/journal/artwork/a.svg")
        #expect(urls.resolve(try LinkTarget.check("artwork/a.svg").get()) == "/journal/artwork/a.svg")
        #expect(urls.resolve(try LinkTarget.check("https://x.org/a").get()) == "https://x.org/a")
        #expect(urls.absolute("2026/11/21/") == "https://me.github.io/journal/2026/11/21/")
    }
}

@Suite struct FrontMatterTests {
    @Test func splitsOnlyOnLinesThatAreExactlyThreeDashes() throws {
        let text = "---\ntitle: a --- b\nnote: \"---\"\n---\nBody --- text\n---\nmore"
        let split = try FrontMatter.split(text, path: "x.md").get()
        #expect(split.yaml == "title: a --- b\nnote: \"---\"\n")
        #expect(split.body == "Body --- text\n---\nmore")
        #expect(split.bodyFirstLine == 5)
    }

    @Test func acceptsByteOrderMarkAndCRLF() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: A\r\n---\r\nBody\r\n".utf8)
        let text = try SourceText.decode(bytes, path: "x.md").get()
        let split = try FrontMatter.split(text, path: "x.md").get()
        #expect(split.yaml == "title: A\n")
        #expect(split.body == "Body\n")
    }
}

@Suite struct ControlCharacterTests {
    /// The byte scan agrees with the definition on every scalar of the planes that matter.
    @Test func theFastScanFindsExactlyTheForbiddenCharacters() {
        var checked = 0
        let high: [Int] = (0xD000...0x10FFFF).filter { value in
            value & 0xFFFE == 0xFFFE || (0xFDC0...0xFE10).contains(value) || value % 4099 == 0
        }
        let values: [Int] = Array(0...0x3000) + high
        for value in values {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            let text = "ab" + String(Character(scalar)) + "c"
            #expect(ControlCharacters.contains(text) == ControlCharacters.isForbidden(scalar), "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 12_000)
        #expect(!ControlCharacters.contains("밤편지 · café «ok» \u{A0} 한글 ＡＢ"))
        #expect(ControlCharacters.contains("\u{1F}"))
        #expect(ControlCharacters.contains("x\u{85}"))
    }
}
