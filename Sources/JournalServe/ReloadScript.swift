import Foundation

/// The small script `journal serve` adds to every HTML page it serves (never to the files of the
/// site on disk): it listens to `/__journal/events`, reloads the page after a rebuild, and shows
/// the errors of a failed one over the page until the next rebuild succeeds.
enum ReloadScript {
    /// The page's bytes with the script before its last `</body>` (at the end if it has none).
    /// `token` is the version of the site the page was read from (`LiveReload.token`).
    static func inject(into page: [UInt8], token: String) -> [UInt8] {
        let tag = Array(script(token: token).utf8)
        guard let position = lastBodyEnd(in: page) else { return page + tag }
        return Array(page[..<position]) + tag + Array(page[position...])
    }

    /// Where the last `</body>` (any case) starts.
    private static func lastBodyEnd(in page: [UInt8]) -> Int? {
        let closing = Array("</body".utf8)
        guard page.count >= closing.count else { return nil }
        var index = page.count - closing.count
        while index >= 0 {
            var matches = true
            for offset in 0..<closing.count {
                let byte = page[index + offset]
                let lowered = byte >= 65 && byte <= 90 ? byte + 32 : byte
                if lowered != closing[offset] {
                    matches = false
                    break
                }
            }
            if matches { return index }
            index -= 1
        }
        return nil
    }

    static func script(token: String) -> String {
        // The token is made of [0-9a-z.] only; nothing else from outside goes into the script.
        "<script data-journal-serve>\n" + source.replacingOccurrences(of: "__TOKEN__", with: token) + "</script>\n"
    }

    // The overlay lives in a shadow root, so the site's stylesheet and the overlay's cannot touch
    // each other. Every text goes in through textContent, never as HTML.
    private static let source = #"""
        (function () {
          "use strict";
          var overlay = null;
          var css = ":host{all:initial}" +
            ".backdrop{position:fixed;inset:0;z-index:2147483647;box-sizing:border-box;padding:12px;overflow:auto;" +
            "background:rgba(0,0,0,.5);font:16px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;color-scheme:light dark}" +
            ".box{box-sizing:border-box;max-width:56rem;margin:8vh auto 0;padding:16px 18px;border-radius:10px;" +
            "border-top:5px solid #c62828;background:#fff;color:#1b1b1b;box-shadow:0 8px 32px rgba(0,0,0,.35)}" +
            "h2{margin:0 0 4px;font-size:1.15rem}" +
            "p{margin:0 0 12px;color:#555;font-size:.9rem}" +
            "ul{list-style:none;margin:0 0 12px;padding:0}" +
            "li{margin:0 0 8px;padding:8px 10px;border-radius:6px;background:#fdecea;" +
            "font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap;overflow-wrap:anywhere}" +
            "li.warning{background:#fff4e0}" +
            ".where{font-weight:700;color:#b71c1c}" +
            "li.warning .where{color:#8a5300}" +
            "button{font:inherit;min-height:44px;padding:6px 16px;border:1px solid #888;border-radius:6px;background:transparent;color:inherit;cursor:pointer}" +
            "@media (prefers-color-scheme:dark){.box{background:#1f1f1f;color:#eee}p{color:#bbb}" +
            "li{background:#3b1d1d}li.warning{background:#3a2e14}.where{color:#ff8a80}li.warning .where{color:#ffcc80}}";

          function hide() {
            if (overlay) { overlay.remove(); overlay = null; }
          }

          function show(problems) {
            hide();
            var errors = problems.filter(function (p) { return p.severity !== "warning"; }).length;
            var host = document.createElement("journal-serve-errors");
            var root = host.attachShadow({ mode: "open" });
            var style = document.createElement("style");
            style.textContent = css;
            var backdrop = document.createElement("div");
            backdrop.className = "backdrop";
            var box = document.createElement("div");
            box.className = "box";
            box.setAttribute("role", "alert");
            var title = document.createElement("h2");
            title.textContent = "The journal did not build: " + errors + (errors === 1 ? " error" : " errors");
            var note = document.createElement("p");
            note.textContent = "This is the last good version of the page. Fix the file and save: this goes away by itself.";
            var list = document.createElement("ul");
            problems.forEach(function (p) {
              var item = document.createElement("li");
              item.className = p.severity;
              var where = document.createElement("span");
              where.className = "where";
              where.textContent = p.path + ":" + p.line + ":" + p.column + ":";
              item.appendChild(where);
              item.appendChild(document.createTextNode(" " + (p.severity === "warning" ? "warning: " : "") + p.message));
              list.appendChild(item);
            });
            var close = document.createElement("button");
            close.type = "button";
            close.textContent = "Hide";
            close.addEventListener("click", hide);
            box.append(title, note, list, close);
            backdrop.appendChild(box);
            root.append(style, backdrop);
            document.documentElement.appendChild(host);
            overlay = host;
          }

          var events = new EventSource("/__journal/events?since=" + encodeURIComponent("__TOKEN__"));
          // Pages a rebuild's first pass already put in place reload at once; the rest when the
          // whole site is ready, and those that reloaded early not again.
          var here = location.pathname;
          events.addEventListener("update", function (event) {
            try {
              if (JSON.parse(event.data).paths.indexOf(here) >= 0) { events.close(); location.reload(); }
            } catch (e) { /* a message we do not understand */ }
          });
          events.addEventListener("reload", function (event) {
            try {
              if ((JSON.parse(event.data).skip || []).indexOf(here) >= 0) { return; }
            } catch (e) { /* an older server's plain token: reload */ }
            events.close();
            location.reload();
          });
          events.addEventListener("errors", function (event) {
            try { show(JSON.parse(event.data)); } catch (e) { /* a message we do not understand */ }
          });
        })();

        """#
}
