import Foundation

/// What `load` needs to know besides the files.
public struct LoadOptions: Sendable {
    /// Include days, playlists and pages marked `draft: true`.
    public var drafts: Bool
    public var overrides: ConfigOverrides
    /// Decode files on every core (the result is the same either way).
    public var parallel: Bool
    /// Decoded files kept from an earlier load of the same journal (`journal serve`); the result
    /// is the same either way.
    public var cache: LoadCache?
    /// What earlier builds decoded, kept in the journal's `.journal-cache` (`ContentCache`); the
    /// result is the same either way.
    var stored: ContentCache?
    /// Where Markdown is parsed, under its time budget.
    public var parseQueue = MarkdownParseQueue.shared

    public init(drafts: Bool = false, overrides: ConfigOverrides = ConfigOverrides(), parallel: Bool = true, cache: LoadCache? = nil) {
        self.drafts = drafts
        self.overrides = overrides
        self.parallel = parallel
        self.cache = cache
    }
}

/// The result of loading: a journal and its theme when nothing was wrong, and every
/// diagnostic found in every file.
public struct LoadResult: Sendable {
    public var journal: Journal?
    public var theme: ThemeFiles?
    public var diagnostics: [Diagnostic]
    /// What the build keeps in the cache about the covers read (`CoverIndex`).
    var coverIndex = CoverIndex()
    /// The local artwork share cards may embed, read.
    var artwork = CardArtwork.none
}

/// The Load stage (STYLE.md): reads a journal folder from disk into typed values. The only stage
/// that reads the disk, besides Write checking its own output folder.
public struct JournalLoader: Sendable {
    /// The journal folder.
    public var source: String

    public init(source: String) {
        self.source = source
    }

    /// Reads the whole journal. `config` is journal.yaml as `readConfig` read it, if it already was.
    public func load(_ options: LoadOptions = LoadOptions(), config configFile: ConfigFile? = nil) -> LoadResult {
        let configFile = configFile ?? readConfig(overrides: options.overrides)
        var diagnostics = configFile.diagnostics
        // Without a readable journal.yaml this may be no journal: nothing else is worth reading.
        guard configFile.wasRead else {
            return LoadResult(journal: nil, theme: nil, diagnostics: diagnostics)
        }
        let config = configFile.config
        // A diary holding half of a stopped import is never read as it is (ImportRecovery).
        diagnostics += ImportRecovery.pending(diary: join(source, "content/diary")) { display("content/diary/" + $0) }
        // Content is still checked with the default settings when journal.yaml is broken,
        // so one run reports every problem.
        let settings = config ?? SiteConfig(title: "")
        let decoding = ContentDecoding(
            markdown: Markdown(unsafeHTML: settings.unsafeHTML, queue: options.parseQueue),
            maxTracksPerDay: settings.maxTracksPerDay)

        // Files are read and decoded on every core; what depends on other files (one file per
        // date, slugs) is settled afterwards, in file order, so the result never depends on timing.
        let dayStamps = markdownFileStamps(in: "content/diary", diagnostics: &diagnostics)
        let dayFiles = dayStamps.map(\.relative)
        let playlistStamps = markdownFileStamps(in: "content/playlists", diagnostics: &diagnostics)
        // What decoding a file depends on besides its bytes.
        let context = "\(settings.maxFileSize) \(settings.maxTracksPerDay) \(settings.unsafeHTML)"
        options.cache?.begin(keeping: Set(dayFiles + playlistStamps.map(\.relative)))
        options.stored?.begin()
        defer { options.cache?.end() }
        let decodedDays = ParallelMap.map(dayStamps, parallel: options.parallel) { relative, stamp -> DecodedFile<Day> in
            let decodeRead = {
                readAndDecode(relative, limit: settings.maxFileSize) { file in
                    decoding.day(file, path: display(relative), nameDate: CalendarDate(iso: stem(relative)))
                }
            }
            let decode = { decodeRead().0 }
            let decodeOrStored = {
                options.stored?.day(
                    relative, file: join(source, relative), stamp: stamp, context: context, limit: settings.maxFileSize,
                    decode: decodeRead) ?? decode()
            }
            guard let cache = options.cache else { return decodeOrStored() }
            return cache.day(relative, stamp: stamp, context: context, decode: decodeOrStored)
        }
        var days: [Day] = []
        var daySources: [CalendarDate: String] = [:]
        // Drafts' too: like any other problem in them, a missing image is reported.
        var images = decodedDays.flatMap(\.images)
        for (relative, decoded) in zip(dayFiles, decodedDays) {
            diagnostics += decoded.diagnostics
            guard let day = decoded.value else { continue }
            if let other = daySources[day.date] {
                diagnostics.append(
                    Diagnostic(
                        .error, "two files for \(day.date.iso): \(other) and \(display(relative)); keep one file per date", path: display(relative), line: 1,
                        column: 1))
                continue
            }
            daySources[day.date] = display(relative)
            if options.drafts || !day.draft { days.append(day) }
        }

        var playlistSlugs = SlugAllocator()
        let playlistFiles = playlistStamps.map { ($0.relative, $0.stamp, playlistSlugs.allocate(Slug.make(stem($0.relative)))) }
        let decodedPlaylists = ParallelMap.map(playlistFiles, parallel: options.parallel) { relative, stamp, slug -> DecodedFile<Playlist> in
            let decodeRead = {
                readAndDecode(relative, limit: settings.maxFileSize) { file in decoding.playlist(file, path: display(relative), slug: slug) }
            }
            let decode = { decodeRead().0 }
            let decodeOrStored = {
                options.stored?.playlist(
                    relative, file: join(source, relative), stamp: stamp, context: context + " " + slug,
                    limit: settings.maxFileSize, decode: decodeRead) ?? decode()
            }
            guard let cache = options.cache else { return decodeOrStored() }
            return cache.playlist(relative, stamp: stamp, context: context + " " + slug, decode: decodeOrStored)
        }
        var playlists: [Playlist] = []
        for decoded in decodedPlaylists {
            diagnostics += decoded.diagnostics
            images += decoded.images
            if let playlist = decoded.value, options.drafts || !playlist.draft { playlists.append(playlist) }
        }

        var pages: [Page] = []
        var pageSlugs = SlugAllocator(reserved: SiteURLs.reservedTopLevelNames)
        for relative in markdownFiles(in: "content/pages", diagnostics: &diagnostics) {
            guard let file = read(relative, limit: settings.maxFileSize, into: &diagnostics) else { continue }
            let base = Slug.make(stem(relative))
            // Years (/2026/) and other reserved folders belong to the site itself.
            let slug = pageSlugs.allocate(base.allSatisfy(\.isNumber) ? "page-\(base)" : base)
            let (page, found) = decoding.page(file, path: display(relative), slug: slug)
            diagnostics += found
            if let page, options.drafts || !page.draft { pages.append(page) }
        }

        let theme = ThemeFiles.load(
            overridesIn: join(source, "templates"), displayPrefix: display("templates"),
            language: settings.language, setting: settings.languageLocation, diagnostics: &diagnostics)
        var staticFiles: [String] = []
        var staticFound: Set<String> = []
        for relative in files(in: "static", diagnostics: &diagnostics) {
            staticFound.insert(String(relative.dropFirst("static/".count)))
            // Copied at write time: an unreadable file is found now, so check reports it too.
            let descriptor = open(join(source, relative), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                diagnostics.append(Diagnostic(.error, "cannot read this file: \(Platform.describe(errno))", path: display(relative), line: 1, column: 1))
                continue
            }
            close(descriptor)
            staticFiles.append(String(relative.dropFirst("static/".count)))
        }
        let (catalogue, catalogueImages) = loadCatalogueAndImages(parallel: options.parallel, diagnostics: &diagnostics)
        images += catalogueImages
        var staticImages = StaticImages(journal: source, staticFiles: staticFound, themeAssets: theme.assets)
        // A cover on another site is shown by its copy in static/covers/remote/ when `journal
        // enrich` made one (`RemoteCover`), checked and resized like any cover; else as given.
        let listedStatic = staticFound
        @Sendable func homeCopy(_ target: LinkTarget?) -> LinkTarget? {
            guard let target, target.kind == .absolute, let copy = RemoteCover.copy(of: target.text, in: listedStatic),
                case .success(let local) = LinkTarget.check("/" + copy)
            else { return target }
            return local
        }
        images = images.compactMap { use in
            guard use.target.kind == .absolute else { return use }
            guard let local = homeCopy(use.target), local.kind != .absolute else { return nil }
            return StaticImageUse(target: local, field: use.field, location: use.location, address: use.target.text)
        }
        var coverPaths: Set<String> = []
        for use in images {
            if let problem = staticImages.problem(use.target) {
                diagnostics.append(.error(problem.message(for: use.field, quoted: use.quoted), at: use.location))
            } else if let path = staticImages.resizable(use.target) {
                coverPaths.insert(path)
            }
        }
        let coverFolder = CoverIndex.folder(journal: source)
        let covers = CoverSources(
            journal: source, paths: coverPaths, previous: coverFolder.map(CoverIndex.read) ?? CoverIndex(),
            parallel: options.parallel)
        for use in images {
            if let path = staticImages.resizable(use.target), let problem = covers.problems[path] {
                diagnostics.append(.error(problem.message(for: use.field, quoted: use.quoted), at: use.location))
            }
        }

        // One artist, one name: credits split and spellings folded before songs are matched.
        let artistNames = ArtistNaming.names(catalogue: catalogue, tracks: days.flatMap(\.tracks) + playlists.flatMap(\.tracks))
        let listening = loadListening(settings: settings.listening, names: artistNames, parallel: options.parallel, diagnostics: &diagnostics)
        days = ParallelMap.map(days, parallel: options.parallel) { day in
            var day = day
            day.tracks = day.tracks.map { ArtistNaming.name($0, by: artistNames) }
            return day
        }
        for index in playlists.indices { playlists[index].tracks = playlists[index].tracks.map { ArtistNaming.name($0, by: artistNames) } }
        let book = SongBook(catalogue: ArtistNaming.name(catalogue, by: artistNames), days: days, artistGenres: settings.artistGenres)
        @Sendable func complete(_ track: Track) -> Track {
            var track = book.complete(track)
            track.artwork = homeCopy(track.artwork)
            return track
        }
        days = ParallelMap.map(days, parallel: options.parallel) { day in
            var day = day
            day.tracks = day.tracks.map(complete)
            return day
        }
        playlists = playlists.map { playlist in
            var playlist = playlist
            playlist.tracks = playlist.tracks.map(complete)
            playlist.cover = homeCopy(playlist.cover)
            return playlist
        }

        guard let config, !diagnostics.hasErrors else {
            return LoadResult(journal: nil, theme: nil, diagnostics: diagnostics)
        }
        var journal = Journal(config: config, days: days, playlists: playlists, pages: pages, staticFiles: staticFiles)
        journal.covers = covers.covers
        journal.listening = listening
        journal.songBook = book
        journal.artistNames = artistNames
        return LoadResult(
            journal: journal, theme: theme, diagnostics: diagnostics, coverIndex: covers.index,
            artwork: CardArtwork.read(source: source, journal: journal))
    }
}
