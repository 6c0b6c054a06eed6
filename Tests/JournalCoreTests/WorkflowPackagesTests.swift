import Foundation
import Testing

@testable import JournalCore

/// Every machine a user is told to build on installs what the tool links: each install line of
/// the workflows `journal init` writes, of the tool's action (action.yml), of the snippets docs/
/// and README.md show, and of `.ci/run` names the Debian package of every system library
/// Package.swift names (`pkgConfig`, with its `.apt` provider), so a first publish never fails at
/// link time.
@Suite struct WorkflowPackagesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A system library of Package.swift: its pkg-config name and the Debian packages that provide it.
    struct SystemLibrary: Equatable {
        var pkgConfig: String
        var apt: [String]
    }

    /// The `.systemLibrary` targets of Package.swift that name a `pkgConfig`, each with its `.apt` provider.
    static func systemLibraries(in manifest: String) -> [SystemLibrary] {
        manifest.components(separatedBy: ".systemLibrary(").dropFirst().compactMap { target in
            let body = target.components(separatedBy: "\n        ),").first ?? target
            guard let pkgConfig = firstQuoted(after: "pkgConfig:", in: body) else { return nil }
            guard let aptStart = body.range(of: ".apt([") else { return SystemLibrary(pkgConfig: pkgConfig, apt: []) }
            let list = body[aptStart.upperBound...].prefix { $0 != "]" }
            let apt = list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")) }.filter { !$0.isEmpty }
            return SystemLibrary(pkgConfig: pkgConfig, apt: apt)
        }
    }

    static func firstQuoted(after label: String, in text: String) -> String? {
        guard let start = text.range(of: label) else { return nil }
        let rest = text[start.upperBound...].drop { $0 != "\"" }.dropFirst()
        let value = rest.prefix { $0 != "\"" }
        return value.isEmpty ? nil : String(value)
    }

    /// The packages each install line of `text` names: `apt-get install` / `apt install` lines
    /// (options left out, up to a `&&`, `;` or `|`), and a shell array `packages=(...)`, where
    /// .ci/run keeps the list its install line names as a variable.
    static func installLines(in text: String) -> [(line: Int, packages: Set<String>)] {
        var found: [(Int, Set<String>)] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            for marker in ["apt-get install", "apt install"] {
                var rest = Substring(line)
                while let range = rest.range(of: marker) {
                    let tail = rest[range.upperBound...]
                    let command = tail.prefix { !"&;|\n".contains($0) }
                    rest = tail
                    found.append((index + 1, Set(command.split(separator: " ").map(String.init).filter { !$0.hasPrefix("-") })))
                }
            }
            if line.hasPrefix("packages=(") {
                let list = line.dropFirst("packages=(".count).prefix { $0 != ")" }
                found.append((index + 1, Set(list.split(separator: " ").map(String.init))))
            }
        }
        return found
    }

    /// Every place a user (or CI) is told what to install, with its text.
    static func installPlaces() throws -> [(name: String, text: String)] {
        var places: [(String, String)] = []
        let today = try #require(CalendarDate(year: 2026, month: 11, day: 28))
        let syncs = try ["listenbrainz:me", "lastfm:me", "maloja:https://music.example.org", "koito:http://192.168.1.5:4110"].map {
            [try JournalInit.Sync.parse($0).get()]
        }
        for language in [Language.en, .ko] {
            for repository in [nil, "someone/journal"] {
                for sync in [[]] + syncs {
                    let files = JournalInit.files(JournalInit.Options(language: language, toolRepository: repository, sync: sync, today: today))
                    for (path, bytes) in files where path.hasPrefix(".github/workflows/") {
                        places.append(
                            (
                                "journal init (\(language.rawValue), \(repository ?? "no repository"), \(sync.first?.service.rawValue ?? "no sync")): \(path)",
                                String(decoding: bytes, as: UTF8.self)
                            ))
                    }
                }
            }
        }
        places.append(("action.yml", try String(contentsOfFile: root + "/action.yml", encoding: .utf8)))
        let docs = root + "/docs"
        for name in try FileManager.default.contentsOfDirectory(atPath: docs).sorted() where name.hasSuffix(".md") {
            places.append(("docs/" + name, try String(contentsOfFile: docs + "/" + name, encoding: .utf8)))
        }
        places.append(("README.md", try String(contentsOfFile: root + "/README.md", encoding: .utf8)))
        places.append((".ci/run", try String(contentsOfFile: root + "/.ci/run", encoding: .utf8)))
        return places
    }

    @Test func packageSwiftNamesTheDebianPackageOfEverySystemLibrary() throws {
        let manifest = try String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        let libraries = Self.systemLibraries(in: manifest)
        #expect(libraries.map(\.pkgConfig).sorted() == ["libcmark-gfm", "librsvg-2.0", "vips"])
        for library in libraries {
            #expect(!library.apt.isEmpty, "Package.swift names no .apt provider for \(library.pkgConfig)")
        }
    }

    @Test func everyInstallLineHasEveryLibraryPackageSwiftLinks() throws {
        let manifest = try String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        let required = Set(Self.systemLibraries(in: manifest).flatMap(\.apt) + ["pkg-config"])
        #expect(required.contains("libvips-dev"))
        var checked = 0
        for place in try Self.installPlaces() {
            for install in Self.installLines(in: place.text) {
                // .ci/run installs what its `packages=(...)` list lacks, as "${missing[@]}": the
                // list is checked. Anywhere else a variable would hide what is installed.
                let variables = install.packages.filter { $0.contains("$") }
                if place.name == ".ci/run", !variables.isEmpty { continue }
                #expect(variables.isEmpty, "\(place.name):\(install.line): the install line names packages through \(variables.sorted())")
                checked += 1
                let missing = required.subtracting(install.packages).sorted()
                #expect(missing.isEmpty, "\(place.name):\(install.line): the install line lacks \(missing.joined(separator: ", "))")
            }
        }
        // action.yml, reminders.md, README.md and .ci/run (the init workflows leave it to the action).
        #expect(checked >= 4)
    }

    /// The workflow init writes installs nothing itself: the tool's action (action.yml) does, on
    /// one line naming exactly what the tool needs.
    @Test func theActionInstallsWhatTheToolNeeds() throws {
        let action = try String(contentsOfFile: Self.root + "/action.yml", encoding: .utf8)
        let lines = Self.installLines(in: action)
        #expect(lines.count == 1)
        #expect(lines.first?.packages == Set(JournalInit.debianPackages))
        let files = JournalInit.files(JournalInit.Options(today: try #require(CalendarDate(year: 2026, month: 11, day: 28))))
        let workflow = String(decoding: try #require(files[".github/workflows/publish.yml"]), as: UTF8.self)
        #expect(Self.installLines(in: workflow).isEmpty)
        #expect(workflow.contains("uses: \(JournalInit.defaultToolRepository)@v1\n"))
    }

    @Test func installLinesAreReadAsAShellReadsThem() {
        let text =
            "      - run: apt-get update && apt-get install -y --no-install-recommends a-dev b-dev && swift build\npackages=(c d)\nsudo apt install -y $PACKAGES\n"
        let lines = Self.installLines(in: text)
        #expect(lines.map(\.line) == [1, 2, 3])
        #expect(lines.first?.packages == ["a-dev", "b-dev"])
        #expect(lines.dropFirst().first?.packages == ["c", "d"])
        #expect(lines.last?.packages == ["$PACKAGES"])
    }
}
