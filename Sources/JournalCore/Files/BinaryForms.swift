/// How each stored type (dates, links, tracks, days, playlists, diagnostics, decoded files)
/// writes and reads itself in the form `ContentCache` keeps (`BinaryForm`), field by field in the
/// order the type declares them.

extension CalendarDate: BinaryForm {
    func write(to writer: inout BinaryWriter) {
        writer.int(year)
        writer.int(month)
        writer.int(day)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        guard let date = CalendarDate(year: try reader.int(), month: try reader.int(), day: try reader.int()) else { throw .init() }
        self = date
    }
}

extension ReleaseDate: BinaryForm {
    func write(to writer: inout BinaryWriter) {
        switch self {
        case .year(let year):
            writer.int(0)
            writer.int(year)
        case .date(let date):
            writer.int(1)
            writer.form(date)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        switch try reader.int() {
        case 0: self = .year(try reader.int())
        case 1: self = .date(try reader.form())
        default: throw .init()
        }
    }
}

extension LinkTarget: BinaryForm {
    func write(to writer: inout BinaryWriter) {
        writer.string(text)
        switch kind {
        case .absolute: writer.int(0)
        case .siteRoot: writer.int(1)
        case .relative: writer.int(2)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        let text = try reader.string()
        switch try reader.int() {
        case 0: self.init(text: text, kind: .absolute)
        case 1: self.init(text: text, kind: .siteRoot)
        case 2: self.init(text: text, kind: .relative)
        default: throw .init()
        }
    }
}

extension TrackLink: BinaryForm {
    func write(to writer: inout BinaryWriter) {
        writer.string(service.rawValue)
        writer.form(url)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        guard let service = Service(rawValue: try reader.string()) else { throw .init() }
        self.init(service: service, url: try reader.form())
    }
}

extension Track: BinaryForm {
    func write(to writer: inout BinaryWriter) {
        writer.string(title)
        writer.strings(artists)
        writer.optionalString(album)
        writer.strings(genres)
        writer.optional(duration) { $0.int($1) }
        writer.optionalForm(released)
        writer.optionalForm(artwork)
        writer.optionalForm(preview)
        writer.forms(links)
        writer.optionalString(noteHTML)
        writer.bool(genresInherited)
        writer.bool(artistIsCredit)
        writer.optionalString(credit)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(
            title: try reader.string(), artists: try reader.strings(), album: try reader.optionalString(),
            genres: try reader.strings(), duration: try reader.optional { reader throws(BinaryReader.Damaged) in try reader.int() },
            released: try reader.optionalForm(), artwork: try reader.optionalForm(), preview: try reader.optionalForm(),
            links: try reader.forms(), noteHTML: try reader.optionalString())
        genresInherited = try reader.bool()
        artistIsCredit = try reader.bool()
        credit = try reader.optionalString()
    }
}

extension Day: BinaryForm {
    func write(to writer: inout BinaryWriter) {
        writer.form(date)
        writer.optionalString(title)
        writer.forms(tracks)
        writer.strings(tags)
        writer.optionalString(mood)
        writer.bool(draft)
        writer.string(bodyHTML)
        writer.string(summary)
        writer.string(sourcePath)
        writer.optionalString(source)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(
            date: try reader.form(), title: try reader.optionalString(), tracks: try reader.forms(), tags: try reader.strings(),
            mood: try reader.optionalString(), draft: try reader.bool(), bodyHTML: try reader.string(),
            summary: try reader.string(), sourcePath: try reader.string(), source: try reader.optionalString())
    }
}

extension Playlist: BinaryForm {
    func write(to writer: inout BinaryWriter) {
        writer.string(slug)
        writer.string(title)
        writer.optionalString(description)
        writer.optionalForm(cover)
        writer.optionalForm(created)
        writer.optionalForm(updated)
        writer.strings(tags)
        writer.forms(tracks)
        writer.bool(draft)
        writer.string(bodyHTML)
        writer.string(sourcePath)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(
            slug: try reader.string(), title: try reader.string(), description: try reader.optionalString(),
            cover: try reader.optionalForm(), created: try reader.optionalForm(), updated: try reader.optionalForm(),
            tags: try reader.strings(), tracks: try reader.forms(), draft: try reader.bool(),
            bodyHTML: try reader.string(), sourcePath: try reader.string())
    }
}

extension SourceLocation: BinaryForm {
    func write(to writer: inout BinaryWriter) {
        writer.string(path)
        writer.int(line)
        writer.int(column)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(path: try reader.string(), line: try reader.int(), column: try reader.int())
    }
}

extension Diagnostic: BinaryForm {
    func write(to writer: inout BinaryWriter) {
        writer.string(severity.rawValue)
        writer.string(path)
        writer.int(line)
        writer.int(column)
        writer.string(message)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        guard let severity = Severity(rawValue: try reader.string()) else { throw .init() }
        let path = try reader.string()
        let line = try reader.int()
        let column = try reader.int()
        self.init(severity, try reader.string(), path: path, line: line, column: column)
    }
}

extension StaticImageUse: BinaryForm {
    func write(to writer: inout BinaryWriter) {
        writer.form(target)
        writer.string(field)
        writer.form(location)
        writer.optionalString(address)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(target: try reader.form(), field: try reader.string(), location: try reader.form(), address: try reader.optionalString())
    }
}

extension DecodedFile: BinaryForm where Value: BinaryForm {
    func write(to writer: inout BinaryWriter) {
        writer.optionalForm(value)
        writer.forms(diagnostics)
        writer.forms(images)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(value: try reader.optionalForm(), diagnostics: try reader.forms(), images: try reader.forms())
    }
}
