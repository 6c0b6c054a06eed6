// libyaml as Yams builds it (its CYaml target): Yams composes whole documents, and only the
// event stream shows an anchor before it is expanded.
import CYaml

/// Finds YAML anchors (`&name`) and aliases (`*name`), which a journal refuses
/// (docs/content-format.md, "Limits"): nobody needs them in a diary, and a few hundred bytes of nested aliases expand to
/// gigabytes. libyaml's event stream is read before anything is composed, so nothing expands.
enum YAMLAnchors {
    /// The first anchor or alias in `yaml`, with its 1-based line and column; nil when there is
    /// none. Syntax errors are left for the composer to report.
    static func first(in yaml: String) -> (line: Int, column: Int, isAlias: Bool)? {
        // Most front matter has neither character, and then needs no second look.
        guard yaml.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "*") }) else { return nil }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(yaml.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer -> (line: Int, column: Int, isAlias: Bool)? in
            guard let base = buffer.baseAddress else { return nil }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let found: Bool?
                switch event.type {
                case YAML_ALIAS_EVENT: found = true
                case YAML_SCALAR_EVENT: found = event.data.scalar.anchor != nil ? false : nil
                case YAML_SEQUENCE_START_EVENT: found = event.data.sequence_start.anchor != nil ? false : nil
                case YAML_MAPPING_START_EVENT: found = event.data.mapping_start.anchor != nil ? false : nil
                case YAML_STREAM_END_EVENT: return nil
                default: found = nil
                }
                if let isAlias = found {
                    return (Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1, isAlias)
                }
            }
        }
    }
}
