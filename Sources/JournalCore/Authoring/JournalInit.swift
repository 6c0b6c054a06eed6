import Foundation

/// `journal init DIR`: a new journal that builds as it is, with no edit and no warning: its
/// settings (every key, commented, defaults shown), a playlist, an about page, a favicon, a
/// `.gitignore` for the output, and a GitHub Actions workflow that publishes it to GitHub Pages.
/// It writes no day: a diary nobody has written in has logged nothing, and today's page is
/// `journal new`'s to write.
public enum JournalInit {
    public struct Options: Sendable {
        public var title: String?
        public var language: Language
        /// `OWNER/NAME` of the journal tool's repository, which the workflow builds `journal`
        /// from; nil leaves it to a repository variable.
        public var toolRepository: String?
        /// The date the example playlist was made.
        public var today: CalendarDate
        /// The zone written as `timezone`: the system's, so "today" stays where the writer is.
        public var timezone: String

        public init(
            title: String? = nil, language: Language = .en, toolRepository: String? = nil,
            today: CalendarDate, timezone: String = SystemZone.name()
        ) {
            self.title = title
            self.language = language
            self.toolRepository = toolRepository
            self.today = today
            self.timezone = timezone
        }
    }

    public enum Refusal: Error, Equatable, Sendable {
        /// The folder has something in it already (its first few names).
        case notEmpty(String, [String])
        /// A file could not be written: the path and the reason. Whatever was written is removed.
        case cannotWrite(String, String)
        /// As `cannotWrite`, and these files and folders it made could not be removed.
        case leftBehind(String, String, [String])
    }

    /// The languages `init` writes examples in.
    public static let languages: [Language] = [.en, .ko]

    /// Creates the journal in `folder` (made if missing) and returns the files written, relative
    /// to it, sorted. A folder holding anything, hidden files included, is refused untouched.
    public static func run(in folder: String, options: Options) throws(Refusal) -> [String] {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .notEmpty(folder, []) }
            let present = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [""]).sorted()
            guard present.isEmpty else { throw .notEmpty(folder, Array(present.prefix(3))) }
        }
        var writer = Writer()
        var made: [String] = []
        do throws(Refusal) {
            try writer.makeFolder(folder)
            for (relative, bytes) in self.files(options).sorted(by: { $0.key < $1.key }) {
                try writer.create(join(folder, relative), bytes: bytes, display: NewEntry.display(relative, source: folder))
                made.append(relative)
            }
        } catch {
            // Exactly what this run made goes, so the folder is as it was and init can run again.
            let remaining = writer.removeAll()
            if !remaining.isEmpty, case .cannotWrite(let path, let reason) = error { throw .leftBehind(path, reason, remaining) }
            throw error
        }
        return made
    }

    /// Makes folders and new files, remembering each, so a run that fails part-way can remove
    /// exactly what it made (and nothing that was there before).
    struct Writer {
        private(set) var folders: [String] = []
        private(set) var files: [String] = []

        /// Makes `path` and the folders above it that are missing.
        mutating func makeFolder(_ path: String) throws(Refusal) {
            var missing: [String] = []
            var current = path
            var status = stat()
            while !current.isEmpty, current != "/", current != ".", stat(current, &status) != 0, errno == ENOENT {
                missing.append(current)
                current = (current as NSString).deletingLastPathComponent
            }
            for folder in missing.reversed() {
                guard mkdir(folder, 0o755) == 0 else {
                    if errno == EEXIST { continue }
                    throw .cannotWrite(folder, "cannot make this folder: \(Platform.describe(errno))")
                }
                folders.append(folder)
            }
        }

        /// Writes a new file (never replacing one), making its folder.
        mutating func create(_ path: String, bytes: [UInt8], display: String) throws(Refusal) {
            try makeFolder((path as NSString).deletingLastPathComponent)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .cannotWrite(display, errno == EEXIST ? "it appeared while init was writing" : Platform.describe(errno))
            }
            files.append(path)
            var problem: Int32 = 0
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count, let base = buffer.baseAddress {
                    let written = write(descriptor, base + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        problem = errno
                        return
                    }
                    offset += written
                }
            }
            close(descriptor)
            if problem != 0 { throw .cannotWrite(display, Platform.describe(problem)) }
        }

        /// Removes every file and folder made, newest first; returns what could not be removed.
        func removeAll() -> [String] {
            var remaining: [String] = []
            for file in files.reversed() where unlink(file) != 0 && errno != ENOENT { remaining.append(file) }
            for folder in folders.reversed() where rmdir(folder) != 0 && errno != ENOENT { remaining.append(folder) }
            return remaining
        }
    }

    /// Every file of a new journal, by path.
    static func files(_ options: Options) -> [String: [UInt8]] {
        let ko = options.language == .ko
        let today = options.today
        var files: [String: String] = [
            "journal.yaml": settings(options),
            "content/pages/about.md": ko ? Korean.about : English.about,
            ".gitignore":
                "# What journal build makes: never commit it.\n/public/\n# The site before the last build, kept so the next build is quick: safe to delete.\n/.public.spare/\n# Share cards already drawn, so rebuilds are quick: safe to delete.\n/.journal-cache/\n"
                + "# The staging folder of a `journal import` that was stopped: the next import finishes or removes it.\n.journal-import-*/\n",
            ".github/workflows/publish.yml": workflow(options),
        ]
        files["content/playlists/\(ko ? "첫-플레이리스트" : "first-mix").md"] = (ko ? Korean.playlist : English.playlist)
            .replacingOccurrences(of: "{today}", with: today.iso)
        var bytes = files.mapValues { Array($0.utf8) }
        bytes["static/favicon.svg"] = ThemeFiles.defaultFiles["assets/favicon.svg"] ?? Array(favicon.utf8)
        return bytes
    }

    static func settings(_ options: Options) -> String {
        let title = options.title ?? (options.language == .ko ? "나의 음악 일기" : "My Listening Journal")
        return """
            # The settings of this journal. Every key is here with its default; what each one does is
            # in docs/content-format.md of the journal tool. Check the journal with `journal check`.

            title: \(NewEntry.yamlQuoted(title))
            description: ""
            author: ""
            # Where the site will live, like https://NAME.github.io/REPOSITORY/ (links work under a
            # sub-path). With no host, as here, every link is relative and share cards and the feed
            # carry no absolute address; the publishing workflow in .github/ passes GitHub Pages'
            # own address when it builds, so leave this as it is for GitHub Pages.
            base_url: /
            # The language of the theme's text and dates: en, ko, or a templates/i18n/CODE.yaml of yours.
            language: \(options.language.rawValue)
            # What "today" is for `journal new` and `journal status` (an IANA zone); never used by build.
            timezone: \(options.timezone)
            # monday or sunday
            week_start: monday
            # The songs of a day; 0 means no limit.
            max_tracks_per_day: 3
            genres:
              # Genres beyond this rank are drawn as "Other", in its grey, wherever a colour is drawn
              # (unless colors below gives them one).
              top: 8
              # Spellings that mean one genre, like   kpop: K-Pop
              aliases: {}
              # A genre's colour, quoted, like   K-Pop: "#d14a62"
              colors: {}
              # An artist's genre, for their tracks that name none (imported ones), like   IU: K-Pop
              artists: {}
            markdown:
              # Raw HTML in Markdown is left out unless this is true.
              unsafe_html: false
            limits:
              # The largest content file, in bytes.
              max_file_size: 262144
            lookup:
              # The store `journal add` and `journal enrich` search, a two-letter country code.
              country: \(options.language == .ko ? "kr" : "us")
            # Where `journal build` writes the site, relative to this file.
            output: public

            """
    }

    static func workflow(_ options: Options) -> String {
        let repository = options.toolRepository ?? "${{ vars.JOURNAL_TOOL_REPOSITORY }}"
        return """
            # Builds this journal on every push to main and publishes it to GitHub Pages
            # (Settings -> Pages -> Source: GitHub Actions). It builds the `journal` tool from its own
            # repository\(options.toolRepository == nil ? ", named by the repository variable JOURNAL_TOOL_REPOSITORY\n# (Settings -> Secrets and variables -> Actions -> Variables), like OWNER/journal" : "");
            # the tool's build is cached, so later runs take seconds.
            name: Publish the journal
            on:
              push:
                branches: [main]
              workflow_dispatch:

            permissions:
              contents: read
              pages: write
              id-token: write

            concurrency:
              group: pages
              cancel-in-progress: true

            jobs:
              build:
                runs-on: ubuntu-24.04
                container: swift:6.1-noble
                steps:
                  - uses: actions/checkout@v4
                    with:
                      path: journal-content
                  - uses: actions/checkout@v4
                    with:
                      repository: \(repository)
                      path: journal-tool
                  - name: Install what the build needs
                    run: apt-get update && apt-get install -y libcmark-gfm-dev libcmark-gfm-extensions-dev librsvg2-dev fonts-noto-core fonts-noto-cjk pkg-config
                  - name: Keep the share cards already drawn
                    uses: actions/cache@v4
                    with:
                      path: journal-content/.journal-cache
                      key: journal-cards-${{ github.run_id }}
                      restore-keys: journal-cards-
                  - name: Cache the tool's build
                    uses: actions/cache@v4
                    with:
                      path: journal-tool/.build
                      key: journal-${{ runner.os }}-${{ hashFiles('journal-tool/Package.swift', 'journal-tool/Sources/**', 'journal-tool/templates/**') }}
                  - name: Build the tool
                    run: swift build -c release --package-path journal-tool --product journal
                  # Where Pages serves this site (a user site, a project site or a custom domain):
                  # GitHub's own answer, so cards and feeds get the right absolute address.
                  - name: Ask GitHub Pages for the site's address
                    id: pages
                    uses: actions/configure-pages@v5
                  - name: Build the site
                    run: >
                      journal-tool/.build/release/journal build --quiet
                      --source journal-content
                      --output site
                      --base-url "${{ steps.pages.outputs.base_url }}/"
                  - uses: actions/upload-pages-artifact@v3
                    with:
                      path: site

              deploy:
                needs: build
                runs-on: ubuntu-latest
                environment:
                  name: github-pages
                  url: ${{ steps.deployment.outputs.page_url }}
                steps:
                  - id: deployment
                    uses: actions/deploy-pages@v4

            """
    }

    static let favicon =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 32\"><circle cx=\"16\" cy=\"16\" r=\"15\" fill=\"#d55e00\"/><circle cx=\"16\" cy=\"16\" r=\"4\" fill=\"#fff\"/></svg>\n"

    enum English {
        static let playlist = """
            ---
            title: First mix
            description: Songs to start with.
            created: {today}
            tags: [beginnings]
            tracks:
              - title: Here Comes the Sun
                artist: The Beatles
                genre: Rock
              - title: Dreams
                artist: Fleetwood Mac
                genre: Rock
            ---

            A playlist is a list of songs of your choosing; unlike the diary, it never counts as plays.

            """

        static let about = """
            ---
            title: About
            ---

            This is a listening journal: the songs of each day, and why they were the ones.

            """
    }

    enum Korean {
        static let playlist = """
            ---
            title: 첫 플레이리스트
            description: 시작하기 좋은 노래들.
            created: {today}
            tags: [시작]
            tracks:
              - title: 밤편지
                artist: 아이유
                genre: Ballad
              - title: 좋은 날
                artist: 아이유
                genre: K-Pop
            ---

            플레이리스트는 직접 고른 노래 목록입니다. 일기와 달리 재생 횟수에는 들어가지 않습니다.

            """

        static let about = """
            ---
            title: 소개
            ---

            매일의 노래와, 그 노래였던 이유를 적는 음악 일기입니다.

            """
    }
}
