import Mustache

/// How views become template values: every view is a plain `Encodable` struct, and its stored
/// properties are the names the theme knows it by, so a field cannot be added to a view and
/// forgotten in its map. Strings become text, integers numbers, arrays lists, structs objects.
///
/// The one rule for what has no value: an absent optional becomes `false`, so it renders
/// nothing in a section and never falls through to an enclosing value of the same name (a track
/// without an album showing the day's title).
enum TemplateEncoding {
    /// The value a view is shown as.
    static func value<View: Encodable>(_ view: View) -> TemplateValue {
        TemplateEncoder().value(view)
    }

    /// A page's data: the view's fields.
    static func object<View: Encodable>(_ view: View) -> TemplateObject {
        guard case .object(let fields) = value(view) else { return [:] }
        return fields
    }
}

/// A view converted once and shown on many pages (a day's card on the home, week and tag pages).
struct Converted: Encodable {
    let value: TemplateValue

    init(_ view: some Encodable) {
        value = TemplateEncoding.value(view)
    }

    func encode(to encoder: Encoder) throws {
        try value.encode(to: encoder)
    }
}

/// A view whose fields are shown beside its container's own, not under a name of their own:
/// a day page shows its card's `date` as `date`.
@propertyWrapper
struct Flattened<View: Encodable>: Encodable {
    var wrappedValue: View

    func encode(to encoder: Encoder) throws {
        (encoder as? TemplateEncoder)?.flattenCurrent()
        try wrappedValue.encode(to: encoder)
    }
}

/// Encodes a view and everything in it with one encoder: each value being encoded is a frame on
/// a stack. The fields of every open object wait in one array, so an object becomes a dictionary
/// of exactly its size when its frame closes, and a flattened view's fields simply stay where
/// they are, among its container's; a list grows in its own frame.
final class TemplateEncoder: Encoder {
    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private struct Frame {
        enum Shape { case unknown, object, list }
        var shape = Shape.unknown
        var firstField: Int
        var list: [TemplateValue] = []
        var single: TemplateValue?
        /// Set by `Flattened`: its fields are its container's.
        var flattens = false
        /// A flattened view's fields are among this object's, so a name may come twice.
        var mayRepeat = false
    }

    // Only this encoder's containers touch these, one call at a time, so the runtime's
    // exclusivity checks are left out (they cost as much as the work).
    @exclusivity(unchecked) private var frames: [Frame] = []
    @exclusivity(unchecked) private var fields: [(String, TemplateValue)] = []
    /// Containers asked for out of order (`nestedContainer`), each with its own encoder, and
    /// where their values go: a field's name, or an item's place, in the frame at `depth`.
    private var nestedFields: [(depth: Int, name: String, encoder: TemplateEncoder)] = []
    private var nestedItems: [(depth: Int, index: Int, encoder: TemplateEncoder)] = []

    /// What `view` encodes to.
    func value<View: Encodable>(_ view: View) -> TemplateValue {
        if View.self == TemplateValue.self, let value = view as? TemplateValue { return value }
        if View.self == Converted.self, let converted = view as? Converted { return converted.value }
        frames.append(Frame(firstField: fields.count))
        // Never throws: nothing here does, and views are plain data.
        try? view.encode(to: self)
        return close(frames.removeLast(), depth: frames.count)
    }

    /// Puts `view` under `name` in the open object, or its fields beside the object's own when
    /// it is `Flattened`.
    func put<View: Encodable>(_ view: View, at name: String) {
        if View.self == TemplateValue.self || View.self == Converted.self {
            add(value(view), name)
            return
        }
        frames.append(Frame(firstField: fields.count))
        try? view.encode(to: self)
        let frame = frames.removeLast()
        if frame.flattens, case .object(let converted)? = frame.single {
            // A converted view, flattened: its fields join the container's.
            frames[frames.count - 1].mayRepeat = true
            fields.removeSubrange(frame.firstField...)
            fields.append(contentsOf: converted.map { ($0.key, $0.value) })
            return
        }
        if frame.flattens && frame.shape == .object && frame.single == nil {
            // Its fields stay in place, the container's own.
            let depth = frames.count
            frames[depth - 1].mayRepeat = true
            for index in nestedFields.indices where nestedFields[index].depth == depth {
                nestedFields[index].depth = depth - 1
            }
            return
        }
        add(close(frame, depth: frames.count), name)
    }

    func add(_ value: TemplateValue, _ name: String) {
        fields.append((name, value))
    }

    func append(_ value: TemplateValue) {
        frames[frames.count - 1].list.append(value)
    }

    var itemCount: Int { frames.last?.list.count ?? 0 }

    func flattenCurrent() {
        if !frames.isEmpty { frames[frames.count - 1].flattens = true }
    }

    func setSingle(_ value: TemplateValue) {
        if !frames.isEmpty { frames[frames.count - 1].single = value }
    }

    /// The value of a frame just taken off the stack, from `depth`.
    private func close(_ frame: Frame, depth: Int) -> TemplateValue {
        if let single = frame.single {
            fields.removeSubrange(frame.firstField...)
            return single
        }
        switch frame.shape {
        case .list:
            var list = frame.list
            if !nestedItems.isEmpty {
                for nested in nestedItems where nested.depth == depth { list[nested.index] = nested.encoder.result }
                nestedItems.removeAll { $0.depth == depth }
            }
            return .list(list)
        case .object, .unknown:
            var object = TemplateObject(minimumCapacity: fields.count - frame.firstField)
            // Taken from the end, so each value moves rather than being copied; where a name
            // comes twice, the later one stands, as the view declares it last.
            while fields.count > frame.firstField {
                let (name, field) = fields.removeLast()
                if frame.mayRepeat, object[name] != nil { continue }
                object[name] = field
            }
            if !nestedFields.isEmpty {
                for nested in nestedFields where nested.depth == depth { object[nested.name] = nested.encoder.result }
                nestedFields.removeAll { $0.depth == depth }
            }
            return .object(object)
        }
    }

    /// The value of an encoder handed out for a nested container.
    private var result: TemplateValue {
        guard let frame = frames.first else { return .object([:]) }
        return close(frame, depth: 0)
    }

    private func markShape(_ shape: Frame.Shape) {
        if frames.isEmpty { frames.append(Frame(firstField: fields.count)) }
        frames[frames.count - 1].shape = shape
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        markShape(.object)
        return KeyedEncodingContainer(FieldContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        markShape(.list)
        return ItemContainer(encoder: self)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        if frames.isEmpty { frames.append(Frame(firstField: fields.count)) }
        return SingleContainer(encoder: self)
    }

    func nestedField(_ name: String) -> TemplateEncoder {
        let encoder = TemplateEncoder()
        nestedFields.append((frames.count - 1, name, encoder))
        return encoder
    }

    func nestedItem() -> TemplateEncoder {
        let encoder = TemplateEncoder()
        nestedItems.append((frames.count - 1, itemCount, encoder))
        append(.bool(false))
        return encoder
    }
}
