/// Whether a day holds the writer's words, which is what makes an imported or synced day logged
/// for `journal status` (docs/reminders.md, "Imported and synced days").
///
/// The words are what `journal import` and `journal sync` never write: a `title`, a `mood`,
/// `tags`, a track's `note`, or a body (the text below the front matter). Each counts only when
/// it holds a character other than white space (of any script: U+3000 too) or an invisible one
/// (a zero-width space); a body or a note only when its page would show such a character or an
/// image. The songs themselves, and facts about them (album, links, artwork…), are the
/// listening, not words.
extension Day {
    /// The day has the writer's words.
    public var hasWords: Bool {
        Self.isText(title) || Self.isText(mood) || tags.contains { Self.isText($0) } || Self.shows(bodyHTML)
            || tracks.contains { $0.noteHTML.map(Self.shows) ?? false }
    }

    /// `journal status` counts the day as logged: the writer made it (no `source:`), or added
    /// words to one imported or synced. A draft is never logged.
    public var isLogged: Bool { !draft && (source == nil || hasWords) }

    /// The day was imported or synced and waits for the writer's words.
    public var waitsForWords: Bool { !draft && source != nil && !hasWords }

    /// A character a reader sees.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.properties.isWhitespace && !scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Plain text holds a character a reader sees.
    static func isText(_ text: String?) -> Bool {
        text?.unicodeScalars.contains(where: isVisible) ?? false
    }

    /// Rendered HTML shows something: an image, or a character a reader sees outside its tags
    /// (an omitted raw HTML block is a comment, a tag too, so shows nothing).
    static func shows(_ html: String) -> Bool {
        if html.contains("<img") { return true }
        var inTag = false
        for scalar in html.unicodeScalars {
            if inTag {
                if scalar == ">" { inTag = false }
            } else if scalar == "<" {
                inTag = true
            } else if isVisible(scalar) {
                return true
            }
        }
        return false
    }
}
