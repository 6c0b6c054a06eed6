/// The form `ContentCache` keeps decoded days and playlists in: every stored field in the
/// order the type declares it, lengths before texts and lists, a flag before an optional.
/// Written by hand rather than through `Codable`: reading ten years of diary this way takes a
/// tenth of the time JSON takes. `ContentCacheTests` fail when a type gains a field this form
/// does not keep.
protocol BinaryForm {
    func write(to writer: inout BinaryWriter)
    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged)
}

struct BinaryWriter {
    var bytes: [UInt8] = []

    /// Seven bits a byte, low first (LEB128), after moving the sign to the lowest bit.
    mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value << 1) ^ Int64(value >> 63))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optional<Value>(_ value: Value?, _ write: (inout BinaryWriter, Value) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func list<Value>(_ values: [Value], _ write: (inout BinaryWriter, Value) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }

    mutating func form(_ value: some BinaryForm) { value.write(to: &self) }
}

struct BinaryReader {
    /// The bytes end, or say something no writer wrote.
    struct Damaged: Error {}

    let bytes: [UInt8]
    private(set) var offset: Int
    let end: Int

    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        offset = range.lowerBound
        end = range.upperBound
    }

    var isAtEnd: Bool { offset == end }

    mutating func int() throws(Damaged) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw Damaged() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
    }

    mutating func bool() throws(Damaged) -> Bool {
        guard offset < end, bytes[offset] <= 1 else { throw Damaged() }
        defer { offset += 1 }
        return bytes[offset] == 1
    }

    mutating func string() throws(Damaged) -> String {
        let count = try int()
        guard count >= 0, count <= end - offset else { throw Damaged() }
        defer { offset += count }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    mutating func optional<Value>(_ read: (inout BinaryReader) throws(Damaged) -> Value) throws(Damaged) -> Value? {
        try bool() ? try read(&self) : nil
    }

    mutating func list<Value>(_ read: (inout BinaryReader) throws(Damaged) -> Value) throws(Damaged) -> [Value] {
        let count = try int()
        // Every value takes at least a byte.
        guard count >= 0, count <= end - offset else { throw Damaged() }
        var values: [Value] = []
        // A count is only a hint until its values are read.
        values.reserveCapacity(min(count, 64))
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    mutating func form<Value: BinaryForm>(_: Value.Type = Value.self) throws(Damaged) -> Value {
        try Value(from: &self)
    }
}

extension BinaryWriter {
    mutating func strings(_ values: [String]) { list(values) { $0.string($1) } }
    mutating func optionalString(_ value: String?) { optional(value) { $0.string($1) } }
    mutating func optionalForm(_ value: (some BinaryForm)?) { optional(value) { $0.form($1) } }
    mutating func forms(_ values: [some BinaryForm]) { list(values) { $0.form($1) } }
}

extension BinaryReader {
    mutating func strings() throws(Damaged) -> [String] { try list { reader throws(Damaged) in try reader.string() } }
    mutating func optionalString() throws(Damaged) -> String? { try optional { reader throws(Damaged) in try reader.string() } }
    mutating func optionalForm<Value: BinaryForm>(_: Value.Type = Value.self) throws(Damaged) -> Value? {
        try optional { reader throws(Damaged) in try Value(from: &reader) }
    }
    mutating func forms<Value: BinaryForm>(_: Value.Type = Value.self) throws(Damaged) -> [Value] {
        try list { reader throws(Damaged) in try Value(from: &reader) }
    }
}

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
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(
            title: try reader.string(), artists: try reader.strings(), album: try reader.optionalString(),
            genres: try reader.strings(), duration: try reader.optional { reader throws(BinaryReader.Damaged) in try reader.int() },
            released: try reader.optionalForm(), artwork: try reader.optionalForm(), preview: try reader.optionalForm(),
            links: try reader.forms(), noteHTML: try reader.optionalString())
        genresInherited = try reader.bool()
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
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(
            date: try reader.form(), title: try reader.optionalString(), tracks: try reader.forms(), tags: try reader.strings(),
            mood: try reader.optionalString(), draft: try reader.bool(), bodyHTML: try reader.string(),
            summary: try reader.string(), sourcePath: try reader.string())
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
