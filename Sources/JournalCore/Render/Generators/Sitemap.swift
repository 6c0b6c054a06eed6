/// `sitemap.xml` (every page) and `robots.txt` (which points to it).
enum Sitemap {
    /// `pages` are the folder paths of every HTML page rendered.
    static func xml(pages: [String], urls: SiteURLs) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages where page.hasSuffix("/") || page.isEmpty {
            xml += "  <url><loc>\(Escape.xml(percentEncodePath(urls.absolute(page))))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }

    static func robots(urls: SiteURLs) -> String {
        "User-agent: *\nAllow: /\nSitemap: \(urls.absolute(urls.sitemap))\n"
    }

    /// Sitemaps want URLs, not IRIs: Hangul slugs are percent-encoded.
    static func percentEncodePath(_ url: String) -> String {
        var result = ""
        for byte in url.utf8 {
            if byte < 0x80 {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
