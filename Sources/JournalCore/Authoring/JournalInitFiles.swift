import Foundation

/// What `journal init` writes: every file of a new journal (its settings, a playlist, an about
/// page, a favicon, a `.gitignore` and the publishing workflow), in English or Korean.
extension JournalInit {
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

    /// `timezone: Asia/Seoul`; when the system's zone could not be told, a comment asking for it
    /// instead, so that a wrong zone is never written silently.
    static func zoneLine(_ zone: String?) -> String {
        guard let zone else {
            return "# journal init could not tell your zone from the system's TZ: set it, like\n# timezone: Asia/Seoul"
        }
        return "timezone: \(zone)"
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
            \(zoneLine(options.timezone))
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
            # The listening log `journal import` keeps in listening/. plays: each play with its
            # time, to the second (anyone who reads a public repository sees your routine);
            # days: each day's songs and plays by hour only.
            listening:
              detail: plays
              # Plays kept in the log and out of every number, like   - artist: Rain Sounds
              ignore: []
            # Where `journal sync` brings new listens from (listenbrainz or lastfm with a user,
            # maloja or koito with a url; see docs/content-format.md, "Syncing"), like
            #   service: listenbrainz
            #   user: YOUR-NAME
            sync:
            # Where `journal build` writes the site, relative to this file.
            output: public

            """
    }

    /// What a fresh Debian or Ubuntu machine installs to build the tool and draw its cards: the
    /// `apt` provider of every system library Package.swift links (cmark-gfm, librsvg, libvips),
    /// pkg-config, and the fonts cards are drawn in. `WorkflowPackagesTests` holds this, and every
    /// install line docs/ shows, to Package.swift.
    static let debianPackages = [
        "libcmark-gfm-dev", "libcmark-gfm-extensions-dev", "librsvg2-dev", "libvips-dev", "pkg-config", "fonts-noto-core", "fonts-noto-cjk",
    ]

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
                  - uses: actions/checkout@v7
                    with:
                      path: journal-content
                  - uses: actions/checkout@v7
                    with:
                      repository: \(repository)
                      path: journal-tool
                  - name: Install what the build needs
                    run: apt-get update && apt-get install -y \(debianPackages.joined(separator: " "))
                  - name: Keep the share cards already drawn
                    uses: actions/cache@v6
                    with:
                      path: journal-content/.journal-cache
                      key: journal-cards-${{ github.run_id }}
                      restore-keys: journal-cards-
                  - name: Cache the tool's build
                    uses: actions/cache@v6
                    with:
                      path: journal-tool/.build
                      key: journal-${{ runner.os }}-${{ hashFiles('journal-tool/Package.swift', 'journal-tool/Sources/**', 'journal-tool/templates/**') }}
                  - name: Build the tool
                    run: swift build -c release --package-path journal-tool --product journal
                  # Where Pages serves this site (a user site, a project site or a custom domain):
                  # GitHub's own answer, so cards and feeds get the right absolute address.
                  - name: Ask GitHub Pages for the site's address
                    id: pages
                    uses: actions/configure-pages@v6
                  - name: Build the site
                    run: >
                      journal-tool/.build/release/journal build --quiet
                      --source journal-content
                      --output site
                      --base-url "${{ steps.pages.outputs.base_url }}/"
                  - uses: actions/upload-pages-artifact@v5
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
                    uses: actions/deploy-pages@v5

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
