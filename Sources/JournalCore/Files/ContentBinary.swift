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
