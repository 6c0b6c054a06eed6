import Foundation
import Yams

/// A day's `tracks:` list rewritten item by item (`journal pick`, `journal add --replace`),
/// keeping every byte of the file but the items that go: an item kept is its own lines, as the
/// writer wrote them (note, album, links, comments inside it), a new item is written as `add`
/// writes one. The imported mark (`source:` and import's comment above it) goes too: the day is
/// now the writer's.
extension DayFileEdit {
    /// An item of the new list: one of the file's items (by its index) or a new track.
    public enum ListItem: Equatable, Sendable {
        case existing(Int)
        case new(NewTrackLines)
    }

    /// Whether the day file carries `journal import`'s mark (`source:`).
    public static func isImported(_ text: String) -> Bool {
        guard case .success(let root) = frontMatter(of: text) else { return false }
        return root.mapping?.contains { $0.key.scalar?.string == "source" } ?? false
    }

    /// The title and artists of each item of the day's `tracks:`, as the build reads them.
    public static func tracks(in text: String) -> [(title: String, artists: [String])]? {
        guard case .success(let root) = frontMatter(of: text),
            let tracks = root.mapping?.first(where: { $0.key.scalar?.string == "tracks" })?.value
        else { return nil }
        var reader = YAMLFields(path: "", firstLine: 2)
        return (tracks.sequence.map(Array.init) ?? []).map { item in
            let fields = reader.fields(of: item, known: YAMLFields.trackFields, in: "track")
            return (reader.string(fields["title"], field: "title") ?? "", reader.stringList(fields["artist"], field: "artist"))
        }
    }

    /// `text` with its `tracks:` list made of `items`, in that order, and without the imported
    /// mark. Refused (nothing to write) when the list is laid out in a way the edit cannot
    /// follow, or the result would not read back as intended.
    public static func replaceTracks(in text: String, with items: [ListItem]) -> Result<String, Problem> {
        guard !items.isEmpty else { return .failure(.invalidValue("a day needs at least one song")) }
        for case .new(let track) in items {
            if track.title.trimmed(.whitespacesAndNewlines).isEmpty { return .failure(.invalidValue("the track needs a title")) }
            if track.artists.allSatisfy({ $0.trimmed(.whitespacesAndNewlines).isEmpty }) { return .failure(.invalidValue("the track needs an artist")) }
            for value in [track.title, track.note ?? ""] + track.artists where ControlCharacters.first(in: value) != nil {
                return .failure(.invalidValue("'\(ControlCharacters.escaped(value))' holds a control character, which a day file cannot hold"))
            }
        }
        let before: Node
        switch frontMatter(of: text) {
        case .failure(let problem): return .failure(problem)
        case .success(let root): before = root
        }
        guard let pairs = before.mapping.map(Array.init), let index = pairs.firstIndex(where: { $0.key.scalar?.string == "tracks" }) else {
            return .failure(.noTracks)
        }
        let lines = DayFileLine.split(text)
        let (key, value) = pairs[index]
        let keyLine = key.mark?.line ?? 1
        let end = min(lines.count, index + 1 < pairs.count ? (pairs[index + 1].key.mark?.line ?? lines.count) : closingLine(lines))
        // Each item's lines, from its dash to the line before the next item's (the last one: its
        // indented lines); where the list starts and ends.
        var ranges: [Range<Int>] = []
        var dashIndent = 2
        var offset = 2
        var flow = false
        var listStart = keyLine + 1
        var listEnd = keyLine + 1
        if let scalar = value.scalar, scalar.style == .plain, scalar.string.isEmpty {
            guard DayFileLine.isKeyOnly(lines[keyLine].content) else { return .failure(.unusualLayout(line: keyLine + 1)) }
            if items.contains(where: { if case .existing = $0 { return true } else { return false } }) { return .failure(.notVerified) }
        } else {
            guard let sequence = value.sequence.map(Array.init), !sequence.isEmpty else { return .failure(.notAList(line: (value.mark?.line ?? 1) + 1)) }
            if let mark = value.mark, DayFileLine.scalar(at: mark, in: lines) == "[" { return .failure(.flowList(line: mark.line + 1)) }
            var dashes: [Int] = []
            for item in sequence {
                guard let mark = item.mark, mark.line > keyLine, mark.line < lines.count else { return .failure(.unusualLayout(line: keyLine + 1)) }
                let prefix = Array(lines[mark.line].content.unicodeScalars.prefix(mark.column - 1))
                if let dash = DayFileLine.dashPrefix(prefix) {
                    dashes.append(mark.line)
                    if dashes.count == 1 {
                        dashIndent = dash
                        offset = mark.column - 1 - dash
                        flow = DayFileLine.scalar(at: mark, in: lines) == "{"
                    }
                } else if prefix.allSatisfy({ $0 == " " }),
                    let found = ((dashes.last.map { $0 + 1 } ?? keyLine + 1)..<mark.line).last(where: { DayFileLine.isBareDash(lines[$0].content) })
                {
                    dashes.append(found)
                    if dashes.count == 1 {
                        dashIndent = DayFileLine.indentation(lines[found].content)
                        offset = mark.column - 1 - dashIndent
                    }
                } else {
                    return .failure(.unusualLayout(line: mark.line + 1))
                }
            }
            guard offset >= 2, dashes == dashes.sorted(), Set(dashes).count == dashes.count else { return .failure(.unusualLayout(line: keyLine + 1)) }
            var last = dashes[dashes.count - 1]
            for candidate in last + 1..<max(last + 1, end) {
                let content = lines[candidate].content
                if DayFileLine.isBlank(content) || (DayFileLine.indentation(content) <= dashIndent && DayFileLine.isComment(content)) { continue }
                guard DayFileLine.indentation(content) > dashIndent else { break }
                last = candidate
            }
            for (position, dash) in dashes.enumerated() {
                ranges.append(dash..<(position + 1 < dashes.count ? dashes[position + 1] : last + 1))
            }
            listStart = dashes[0]
            listEnd = last + 1
        }
        for case .existing(let number) in items where !ranges.indices.contains(number) { return .failure(.notVerified) }

        // The imported mark: a one-line `source:` and import's own comment line.
        var dropped: Set<Int> = []
        if let source = pairs.first(where: { $0.key.scalar?.string == "source" }), let line = source.key.mark?.line,
            source.value.mark?.line == line, line < lines.count
        {
            dropped.insert(line)
        }
        for (number, line) in lines.enumerated() where line.content.hasPrefix("# Imported by `journal import`") { dropped.insert(number) }

        let ending = lines[max(0, listStart - 1)].ending.isEmpty ? "\n" : lines[max(0, listStart - 1)].ending
        var result = ""
        for number in 0..<listStart where !dropped.contains(number) { result += lines[number].content + lines[number].ending }
        for item in items {
            switch item {
            case .existing(let number):
                for line in ranges[number] {
                    var ending = lines[line].ending
                    if ending.isEmpty { ending = "\n" }
                    result += lines[line].content + ending
                }
            case .new(let track):
                let clean = NewTrackLines(
                    title: track.title.trimmed(.whitespacesAndNewlines),
                    artists: track.artists.map { $0.trimmed(.whitespacesAndNewlines) }.filter { !$0.isEmpty },
                    note: track.note.map { $0.trimmed(.whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 })
                result += itemLines(clean, dashIndent: dashIndent, offset: offset, flow: flow).map { $0 + ending }.joined()
            }
        }
        for number in listEnd..<lines.count where !dropped.contains(number) { result += lines[number].content + lines[number].ending }

        guard case .success(let after) = frontMatter(of: result), readsBack(after, as: before, items: items) else { return .failure(.notVerified) }
        return .success(result)
    }

    /// Whether `after` is `before` with `items` as its tracks and without `source`, every other
    /// key as it was.
    private static func readsBack(_ after: Node, as before: Node, items: [ListItem]) -> Bool {
        guard let old = before.mapping.map(Array.init)?.filter({ $0.key.scalar?.string != "source" }), let new = after.mapping.map(Array.init),
            old.count == new.count
        else { return false }
        for (was, now) in zip(old, new) {
            guard was.key == now.key else { return false }
            guard was.key.scalar?.string == "tracks" else {
                if was.value != now.value { return false }
                continue
            }
            let previous = was.value.sequence.map(Array.init) ?? []
            guard let list = now.value.sequence.map(Array.init), list.count == items.count else { return false }
            for (node, item) in zip(list, items) {
                switch item {
                case .existing(let number):
                    guard node == previous[number] else { return false }
                case .new(let track):
                    var reader = YAMLFields(path: "", firstLine: 2)
                    let fields = reader.fields(of: node, known: YAMLFields.trackFields, in: "track")
                    guard reader.string(fields["title"], field: "title") == track.title.trimmed(.whitespacesAndNewlines),
                        reader.stringList(fields["artist"], field: "artist")
                            == track.artists.map({ $0.trimmed(.whitespacesAndNewlines) }).filter({ !$0.isEmpty }),
                        reader.diagnostics.isEmpty
                    else { return false }
                }
            }
        }
        return true
    }
}
