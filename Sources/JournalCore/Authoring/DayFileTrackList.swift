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
        return replaceTracks(in: text) { _ in items }
    }

    /// The rewrite itself; `items` makes the new list from the number of items the file has.
    static func replaceTracks(in text: String, items list: (Int) -> [ListItem]) -> Result<String, Problem> {
        let before: Node
        switch frontMatter(of: text) {
        case .failure(let problem): return .failure(problem)
        case .success(let root): before = root
        }
        guard let pairs = before.mapping.map(Array.init), let index = pairs.firstIndex(where: { $0.key.scalar?.string == "tracks" }) else {
            return .failure(.noTracks)
        }
        // New tracks as the build reads them: trimmed, then checked.
        var items = list(pairs[index].value.sequence?.count ?? 0)
        for (position, item) in items.enumerated() {
            guard case .new(let track) = item else { continue }
            let clean = NewTrackLines(
                title: track.title.trimmed(.whitespacesAndNewlines),
                artists: track.artists.map { $0.trimmed(.whitespacesAndNewlines) }.filter { !$0.isEmpty },
                note: track.note.map { $0.trimmed(.whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 })
            if clean.title.isEmpty { return .failure(.invalidValue("the track needs a title")) }
            if clean.artists.isEmpty { return .failure(.invalidValue("the track needs an artist")) }
            for value in [clean.title, clean.note ?? ""] + clean.artists where ControlCharacters.first(in: value) != nil {
                return .failure(.invalidValue("'\(ControlCharacters.escaped(value))' holds a control character, which a day file cannot hold"))
            }
            items[position] = .new(clean)
        }

        let lines = DayFileLine.split(text)
        let list: TrackListLayout
        switch TrackListLayout.find(pairs: pairs, tracks: index, lines: lines) {
        case .failure(let problem): return .failure(problem)
        case .success(let found): list = found
        }
        for case .existing(let number) in items where !list.items.indices.contains(number) { return .failure(.notVerified) }

        // The imported mark: a one-line `source:` and import's own comment line in the front matter.
        var dropped: Set<Int> = []
        if let source = pairs.first(where: { $0.key.scalar?.string == "source" }), let line = source.key.mark?.line,
            source.value.mark?.line == line, line < lines.count
        {
            dropped.insert(line)
            for number in 0..<closingLine(lines) where lines[number].content.hasPrefix("# Imported by `journal import`") { dropped.insert(number) }
        }

        // A new item ends its lines as the line before it does.
        var result = ""
        var ending = "\n"
        func write(_ line: DayFileLine) {
            ending = line.ending.isEmpty ? "\n" : line.ending
            result += line.content + ending
        }
        for number in 0..<list.start where !dropped.contains(number) { write(lines[number]) }
        for item in items {
            switch item {
            case .existing(let number):
                for line in list.items[number] { write(lines[line]) }
            case .new(let track):
                result += itemLines(track, dashIndent: list.dashIndent, offset: list.offset, flow: list.flow).map { $0 + ending }.joined()
            }
        }
        for number in list.end..<lines.count where !dropped.contains(number) { result += lines[number].content + lines[number].ending }

        guard case .success(let after) = frontMatter(of: result), readsBack(after, as: before, items: items) else { return .failure(.notVerified) }
        return .success(result)
    }

    /// Whether `after` is `before` with `items` as its tracks and without `source`, every other
    /// key as it was. A new item holds its title, artists and note and nothing else.
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
                    guard previous.indices.contains(number), node == previous[number] else { return false }
                case .new(let track):
                    var reader = YAMLFields(path: "", firstLine: 2)
                    let fields = reader.fields(of: node, known: YAMLFields.trackFields, in: "track")
                    guard fields.count == (track.note == nil ? 2 : 3),
                        reader.string(fields["title"], field: "title") == track.title,
                        reader.stringList(fields["artist"], field: "artist") == track.artists,
                        reader.string(fields["note"], field: "note") == track.note,
                        reader.diagnostics.isEmpty
                    else { return false }
                }
            }
        }
        return true
    }
}

/// Where a day's `tracks:` list is in the file's lines: each item's lines, from its dash to the
/// line before the next item's (the last one: its indented lines, not the comments after it),
/// and how a new item is laid out (like the last one).
struct TrackListLayout {
    /// Each item's lines (indices of the file's lines).
    var items: [Range<Int>] = []
    /// The lines the list takes (empty, after `tracks:`, when it has no item yet).
    var start: Int
    var end: Int
    var dashIndent = 2
    /// From the dash to the item's first key.
    var offset = 2
    /// Whether items are written `- {title: …, artist: …}`.
    var flow = false

    /// The list under the key `pairs[tracks]`, or why it cannot be edited by lines.
    static func find(pairs: [(key: Node, value: Node)], tracks index: Int, lines: [DayFileLine]) -> Result<TrackListLayout, DayFileEdit.Problem> {
        let (key, value) = pairs[index]
        // Lines are 0-based here; YAML lines start at the file's line 2.
        let keyLine = key.mark?.line ?? 1
        var layout = TrackListLayout(start: keyLine + 1, end: keyLine + 1)
        if let scalar = value.scalar, scalar.style == .plain, scalar.string.isEmpty {
            // `tracks:` with nothing after it yet: the first item, indented as `journal new` does.
            guard keyLine < lines.count, DayFileLine.isKeyOnly(lines[keyLine].content) else { return .failure(.unusualLayout(line: keyLine + 1)) }
            return .success(layout)
        }
        // By the text: Yams does not keep a node's style.
        if let mark = value.mark, DayFileLine.scalar(at: mark, in: lines) == "[" { return .failure(.flowList(line: mark.line + 1)) }
        guard let sequence = value.sequence.map(Array.init) else { return .failure(.notAList(line: (value.mark?.line ?? 1) + 1)) }
        guard !sequence.isEmpty else { return .failure(.notAList(line: keyLine + 1)) }

        // Each item's dash: before the item on its line (`  - title:`), or alone on a line above it.
        var dashes: [Int] = []
        var itemLine = keyLine
        var itemMark: Mark?
        for item in sequence {
            guard let mark = item.mark, mark.line > keyLine, mark.line < lines.count else { return .failure(.unusualLayout(line: keyLine + 1)) }
            let prefix = Array(lines[mark.line].content.unicodeScalars.prefix(mark.column - 1))
            if let dash = DayFileLine.dashPrefix(prefix) {
                dashes.append(mark.line)
                layout.dashIndent = dash
            } else if prefix.allSatisfy({ $0 == " " }),
                let found = ((dashes.last.map { $0 + 1 } ?? keyLine + 1)..<mark.line).last(where: { DayFileLine.isBareDash(lines[$0].content) })
            {
                dashes.append(found)
                layout.dashIndent = DayFileLine.indentation(lines[found].content)
            } else {
                return .failure(.unusualLayout(line: mark.line + 1))
            }
            itemLine = mark.line
            itemMark = mark
        }
        guard let mark = itemMark, let lastDash = dashes.last, dashes == dashes.sorted(), Set(dashes).count == dashes.count else {
            return .failure(.unusualLayout(line: keyLine + 1))
        }
        layout.offset = mark.column - 1 - layout.dashIndent
        guard layout.offset >= 2 else { return .failure(.unusualLayout(line: itemLine + 1)) }

        // The last item runs on while lines are indented past its dash; comments and blank lines
        // after it, and the next key, stay where they are.
        let end = min(lines.count, index + 1 < pairs.count ? (pairs[index + 1].key.mark?.line ?? lines.count) : DayFileEdit.closingLine(lines))
        var last = lastDash
        for candidate in lastDash + 1..<max(lastDash + 1, end) {
            let content = lines[candidate].content
            if DayFileLine.isBlank(content) || (DayFileLine.indentation(content) <= layout.dashIndent && DayFileLine.isComment(content)) { continue }
            guard DayFileLine.indentation(content) > layout.dashIndent else { break }
            last = candidate
        }
        for (position, dash) in dashes.enumerated() {
            layout.items.append(dash..<(position + 1 < dashes.count ? dashes[position + 1] : last + 1))
        }
        // One flow mapping on one line, like the last item.
        layout.flow = DayFileLine.scalar(at: mark, in: lines) == "{" && lastDash == itemLine && last == itemLine
        layout.start = dashes[0]
        layout.end = last + 1
        return .success(layout)
    }
}
