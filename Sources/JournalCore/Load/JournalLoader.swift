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

/// journal.yaml as read: its settings (nil when it cannot be read or parsed at all) and every
/// problem found in it.
public struct ConfigFile: Sendable {
    public var config: SiteConfig?
    public var diagnostics: [Diagnostic]
    /// False when journal.yaml is missing, unreadable or too large.
    var wasRead: Bool
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

    /// journal.yaml is a page of settings; anything larger is a mistake.
    static let maxConfigSize = 1 << 20

    /// journal.yaml, read and decoded on its own: the pipeline needs the output folder before
    /// it loads anything else, and hands this to `load` so the file is read once.
    public func readConfig(overrides: ConfigOverrides) -> ConfigFile {
        let path = display("journal.yaml")
        switch FileTree.read(join(source, "journal.yaml"), limit: Self.maxConfigSize) {
        case .bytes(let bytes):
            switch SourceText.decode(bytes, path: path) {
            case .failure(let diagnostic):
                return ConfigFile(config: nil, diagnostics: [diagnostic], wasRead: true)
            case .success(var text):
                var diagnostics: [Diagnostic] = []
                if let problem = SourceText.removeControlCharacters(&text, path: path) { diagnostics.append(problem) }
                let (config, found) = ConfigLoading.decode(text, path: path, overrides: overrides)
                return ConfigFile(config: config, diagnostics: diagnostics + found, wasRead: true)
            }
        case .failed(let code):
            let message = code == ENOENT ? "no journal.yaml here: is this a journal folder?" : "cannot read journal.yaml: \(Platform.describe(code))"
            return ConfigFile(config: nil, diagnostics: [Diagnostic(.error, message, path: path, line: 1, column: 1)], wasRead: false)
        case .tooLarge(let size):
            return ConfigFile(
                config: nil,
                diagnostics: [Diagnostic(.error, "journal.yaml is \(size) bytes, over the limit of \(Self.maxConfigSize)", path: path, line: 1, column: 1)],
                wasRead: false)
        }
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
            let decodeRead = { () -> (DecodedFile<Day>, readable: Bool) in
                let nameDate = CalendarDate(iso: stem(relative))
                var found: [Diagnostic] = []
                var readable = true
                guard let file = read(relative, limit: settings.maxFileSize, into: &found, readable: &readable) else {
                    return (DecodedFile(value: nil, diagnostics: found), readable)
                }
                var decoded = decoding.day(file, path: display(relative), nameDate: nameDate)
                decoded.diagnostics = found + decoded.diagnostics
                return (decoded, true)
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
            let decodeRead = { () -> (DecodedFile<Playlist>, readable: Bool) in
                var found: [Diagnostic] = []
                var readable = true
                guard let file = read(relative, limit: settings.maxFileSize, into: &found, readable: &readable) else {
                    return (DecodedFile(value: nil, diagnostics: found), readable)
                }
                var decoded = decoding.playlist(file, path: display(relative), slug: slug)
                decoded.diagnostics = found + decoded.diagnostics
                return (decoded, true)
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
            let descriptor = open(join(source, relative), O_RDONLY | O_CLOEXEC)
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
                diagnostics.append(.error(problem.message(for: use.field, value: use.written), at: use.location))
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
                diagnostics.append(.error(problem.message(for: use.field, value: use.written), at: use.location))
            }
        }

        let book = SongBook(catalogue: catalogue, days: days, artistGenres: settings.artistGenres)
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
        return LoadResult(
            journal: journal, theme: theme, diagnostics: diagnostics, coverIndex: covers.index,
            artwork: CardArtwork.read(source: source, journal: journal))
    }

    /// A catalogue file is data a program writes; it may hold far more than a day.
    static let maxCatalogueFileSize = 4 << 20

    /// The files of `catalogue/` (docs/content-format.md, "The song catalogue"), decoded; two
    /// files for one artist are a warning, and the first in path order is used.
    public func loadCatalogue(parallel: Bool = true, diagnostics: inout [Diagnostic]) -> SongCatalogue {
        loadCatalogueAndImages(parallel: parallel, diagnostics: &diagnostics).catalogue
    }

    /// One file of `catalogue/` as it is now (`journal add` and `journal enrich` read an artist's
    /// file again just before writing it, so an edit made meanwhile is kept); nil with the
    /// reasons when it cannot be used.
    public func loadCatalogueFile(_ relative: String) -> (artist: CatalogueArtist?, diagnostics: [Diagnostic]) {
        let file = decodeCatalogueFile(relative)
        return (file.value, file.diagnostics)
    }

    func decodeCatalogueFile(_ relative: String) -> DecodedFile<CatalogueArtist> {
        var found: [Diagnostic] = []
        guard
            let text = readText(
                relative, limit: Self.maxCatalogueFileSize, into: &found,
                tooLarge: "for a catalogue file: split the artist's songs over two files")
        else {
            return DecodedFile(value: nil, diagnostics: found)
        }
        var file = CatalogueDecoding.artist(text, path: display(relative), relative: relative)
        file.diagnostics = found + file.diagnostics
        return file
    }

    /// The catalogue, and the covers its files name by a site path.
    func loadCatalogueAndImages(parallel: Bool, diagnostics: inout [Diagnostic]) -> (catalogue: SongCatalogue, images: [StaticImageUse]) {
        let relatives = files(in: "catalogue", diagnostics: &diagnostics).filter {
            let lower = $0.lowercased()
            return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
        }
        let decoded = ParallelMap.map(relatives, parallel: parallel) { decodeCatalogueFile($0) }
        var artists: [CatalogueArtist] = []
        var images: [StaticImageUse] = []
        var fileOfArtist: [String: String] = [:]
        for (relative, file) in zip(relatives, decoded) {
            diagnostics += file.diagnostics
            images += file.images
            guard let artist = file.value else { continue }
            let key = SongKey.fold(artist.name)
            if let first = fileOfArtist[key] {
                diagnostics.append(
                    Diagnostic(
                        .warning, "this file is about '\(artist.name)', and so is \(first), which is used instead: keep one file an artist",
                        path: display(relative)))
                continue
            }
            fileOfArtist[key] = display(relative)
            artists.append(artist)
        }
        return (SongCatalogue(artists: artists), images)
    }

    // MARK: Files

    /// Reads and splits one content file, or reports why it cannot.
    private func read(_ relative: String, limit: Int, into diagnostics: inout [Diagnostic]) -> FrontMatter? {
        var readable = true
        return read(relative, limit: limit, into: &diagnostics, readable: &readable)
    }

    /// `readable`: set false when the file's bytes could not be read (as opposed to read and refused).
    private func read(_ relative: String, limit: Int, into diagnostics: inout [Diagnostic], readable: inout Bool) -> FrontMatter? {
        guard let text = readText(relative, limit: limit, into: &diagnostics, tooLarge: "(limits.max_file_size in journal.yaml)", readable: &readable) else {
            return nil
        }
        switch FrontMatter.split(text, path: display(relative)) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return nil
        case .success(let file):
            return file
        }
    }

    /// One file of the journal as text: read within `limit` (`tooLarge` ends the message when it
    /// is over), decoded, its control characters reported and replaced; nil after reporting why not.
    private func readText(_ relative: String, limit: Int, into diagnostics: inout [Diagnostic], tooLarge: String) -> String? {
        var readable = true
        return readText(relative, limit: limit, into: &diagnostics, tooLarge: tooLarge, readable: &readable)
    }

    private func readText(_ relative: String, limit: Int, into diagnostics: inout [Diagnostic], tooLarge: String, readable: inout Bool) -> String? {
        let path = display(relative)
        let data: [UInt8]
        switch FileTree.read(join(source, relative), limit: limit) {
        case .bytes(let bytes):
            data = bytes
        case .failed(let code):
            diagnostics.append(Diagnostic(.error, "cannot read this file: \(Platform.describe(code))", path: path, line: 1, column: 1))
            readable = false
            return nil
        case .tooLarge(let size):
            diagnostics.append(Diagnostic(.error, "the file is \(size) bytes, over the limit of \(limit) \(tooLarge)", path: path, line: 1, column: 1))
            return nil
        }
        switch SourceText.decode(data, path: path) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return nil
        case .success(var text):
            if let problem = SourceText.removeControlCharacters(&text, path: path) { diagnostics.append(problem) }
            return text
        }
    }

    /// `.md` files under a folder of the journal, relative to the journal, sorted.
    func markdownFiles(in folder: String, diagnostics: inout [Diagnostic]) -> [String] {
        files(in: folder, diagnostics: &diagnostics).filter { $0.lowercased().hasSuffix(".md") }
    }

    /// `markdownFiles` with each file's stamp (`LoadCache.stamp`).
    func markdownFileStamps(in folder: String, diagnostics: inout [Diagnostic]) -> [(relative: String, stamp: String)] {
        let tree = JournalTree(join(source, folder))
        for problem in tree.problems {
            diagnostics.append(Diagnostic(.error, problem.message, path: display(join(folder, problem.relative)), line: 1, column: 1))
        }
        return tree.files.filter { $0.relative.lowercased().hasSuffix(".md") }.map { (folder + "/" + $0.relative, LoadCache.stamp($0.status)) }
    }

    /// Regular files under a folder of the journal (`JournalTree`: hidden ones left out, links
    /// followed), relative, sorted by their bytes so the order never depends on the file system
    /// or the locale. What cannot be read is reported.
    func files(in folder: String, diagnostics: inout [Diagnostic]) -> [String] {
        let tree = JournalTree(join(source, folder), published: folder == "static" ? (source.isEmpty ? "." : source) : nil)
        for problem in tree.problems {
            diagnostics.append(Diagnostic(.error, problem.message, path: display(join(folder, problem.relative)), line: 1, column: 1))
        }
        return tree.files.map { folder + "/" + $0.relative }
    }

    private func stem(_ relative: String) -> String {
        ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// How a journal file is named in messages: relative to the current folder.
    func display(_ relative: String) -> String {
        source == "." || source.isEmpty ? relative : join(source, relative)
    }
}

/// Joins path parts with exactly one `/`.
public func join(_ base: String, _ relative: String) -> String {
    if base.isEmpty || base == "." { return relative }
    if relative.isEmpty { return base }
    return base.hasSuffix("/") ? base + relative : base + "/" + relative
}
