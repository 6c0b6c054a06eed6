import Mustache

// The three containers Codable asks `TemplateEncoder` for: an object's fields, a list's items, a
// single value. Each only hands what it is given to the encoder's open frame. And how a value made
// before (`TemplateValue`) encodes itself.

struct FieldContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TemplateEncoder
    var codingPath: [CodingKey] { [] }

    private func add(_ value: TemplateValue, _ key: Key) { encoder.add(value, key.stringValue) }

    mutating func encodeNil(forKey key: Key) { add(.bool(false), key) }
    mutating func encode(_ value: Bool, forKey key: Key) { add(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { add(.text(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) { add(.int(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) { add(.text(String(value)), key) }
    mutating func encode(_ value: Float, forKey key: Key) { add(.text(String(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) { add(.int(Int(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) { add(.int(Int(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) { add(.int(Int(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) { add(.int(Int(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) { add(.int(Int(clamping: value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { add(.int(Int(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { add(.int(Int(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { add(.int(Int(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { add(.int(Int(clamping: value)), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) { encoder.put(value, at: key.stringValue) }

    // Absent optionals are `false`, not left out (`TemplateEncoding`).
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) { add(.bool(value ?? false), key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) { add(value.map(TemplateValue.text) ?? .bool(false), key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) { add(value.map(TemplateValue.int) ?? .bool(false), key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) {
        if let value { encoder.put(value, at: key.stringValue) } else { add(.bool(false), key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.nestedField(key.stringValue).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        encoder.nestedField(key.stringValue).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder { encoder.nestedField("super") }
    mutating func superEncoder(forKey key: Key) -> Encoder { encoder.nestedField(key.stringValue) }
}

struct ItemContainer: UnkeyedEncodingContainer {
    let encoder: TemplateEncoder
    var codingPath: [CodingKey] { [] }
    var count: Int { encoder.itemCount }

    private func add(_ value: TemplateValue) { encoder.append(value) }

    mutating func encodeNil() { add(.bool(false)) }
    mutating func encode(_ value: Bool) { add(.bool(value)) }
    mutating func encode(_ value: String) { add(.text(value)) }
    mutating func encode(_ value: Int) { add(.int(value)) }
    mutating func encode(_ value: Double) { add(.text(String(value))) }
    mutating func encode(_ value: Float) { add(.text(String(value))) }
    mutating func encode(_ value: Int8) { add(.int(Int(value))) }
    mutating func encode(_ value: Int16) { add(.int(Int(value))) }
    mutating func encode(_ value: Int32) { add(.int(Int(value))) }
    mutating func encode(_ value: Int64) { add(.int(Int(value))) }
    mutating func encode(_ value: UInt) { add(.int(Int(clamping: value))) }
    mutating func encode(_ value: UInt8) { add(.int(Int(value))) }
    mutating func encode(_ value: UInt16) { add(.int(Int(value))) }
    mutating func encode(_ value: UInt32) { add(.int(Int(value))) }
    mutating func encode(_ value: UInt64) { add(.int(Int(clamping: value))) }
    mutating func encode<T: Encodable>(_ value: T) { add(encoder.value(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.nestedItem().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { encoder.nestedItem().unkeyedContainer() }
    mutating func superEncoder() -> Encoder { encoder.nestedItem() }
}

struct SingleContainer: SingleValueEncodingContainer {
    let encoder: TemplateEncoder
    var codingPath: [CodingKey] { [] }

    mutating func encodeNil() { encoder.setSingle(.bool(false)) }
    mutating func encode(_ value: Bool) { encoder.setSingle(.bool(value)) }
    mutating func encode(_ value: String) { encoder.setSingle(.text(value)) }
    mutating func encode(_ value: Int) { encoder.setSingle(.int(value)) }
    mutating func encode(_ value: Double) { encoder.setSingle(.text(String(value))) }
    mutating func encode(_ value: Float) { encoder.setSingle(.text(String(value))) }
    mutating func encode(_ value: Int8) { encoder.setSingle(.int(Int(value))) }
    mutating func encode(_ value: Int16) { encoder.setSingle(.int(Int(value))) }
    mutating func encode(_ value: Int32) { encoder.setSingle(.int(Int(value))) }
    mutating func encode(_ value: Int64) { encoder.setSingle(.int(Int(value))) }
    mutating func encode(_ value: UInt) { encoder.setSingle(.int(Int(clamping: value))) }
    mutating func encode(_ value: UInt8) { encoder.setSingle(.int(Int(value))) }
    mutating func encode(_ value: UInt16) { encoder.setSingle(.int(Int(value))) }
    mutating func encode(_ value: UInt32) { encoder.setSingle(.int(Int(value))) }
    mutating func encode(_ value: UInt64) { encoder.setSingle(.int(Int(clamping: value))) }
    mutating func encode<T: Encodable>(_ value: T) { encoder.setSingle(encoder.value(value)) }
}

/// A value made before (the UI strings) stays as it is.
extension TemplateValue: Encodable {
    public func encode(to encoder: Encoder) throws {
        if let encoder = encoder as? TemplateEncoder {
            encoder.setSingle(self)
            return
        }
        switch self {
        case .text(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .int(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .list(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let fields):
            var container = encoder.container(keyedBy: FieldName.self)
            for (name, field) in fields { try container.encode(field, forKey: FieldName(name)) }
        }
    }
}

private struct FieldName: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
