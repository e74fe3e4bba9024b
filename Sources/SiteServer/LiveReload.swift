import Foundation

/// The script a preview adds to every HTML page it serves — never to built files: it listens
/// to the server's events, reloads the page after a rebuild and shows a failed build's error
/// over the page (the page itself stays the last good version).
enum LiveReload {
    /// Where the events are served; outside anything a site writes.
    static let eventsPath = "/_ttsite/events"

    /// `html` with the snippet added before `</body>` (at the end when there is none).
    static func inject(into html: Data, build: String, failure: String?) -> Data {
        let snippet = Data(snippet(build: build, failure: failure).utf8)
        var result = html
        if let range = lastBodyClose(in: html) {
            result.insert(contentsOf: snippet, at: range)
        } else {
            result.append(snippet)
        }
        return result
    }

    /// The position of the last `</body` in `html`, in any letter case.
    static func lastBodyClose(in html: Data) -> Int? {
        let needle = Array("</body".utf8)
        let bytes = [UInt8](html)
        guard bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= 0 {
            var match = true
            for (offset, byte) in needle.enumerated() where bytes[index + offset] | 0x20 != byte | 0x20 {
                match = false
                break
            }
            if match { return html.startIndex + index }
            index -= 1
        }
        return nil
    }

    /// The state travels as JSON in a data block, with `<` escaped so that no text of an
    /// error message can close the script element.
    static func snippet(build: String, failure: String?) -> String {
        let state: [String: String?] = ["build": build, "failure": failure]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(state)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let safe = json.replacingOccurrences(of: "<", with: "\\u003c")
        return "<script id=\"ttsite-live-reload\" type=\"application/json\">\(safe)</script>\n<script>\(script)</script>\n"
    }

    static let script = """
        (function () {
          "use strict";
          var state = JSON.parse(document.getElementById("ttsite-live-reload").textContent);
          var overlay = null;
          function showFailure(text) {
            if (!overlay) {
              overlay = document.createElement("div");
              overlay.id = "ttsite-build-failure";
              overlay.setAttribute("role", "alert");
              overlay.style.cssText = "position:fixed;left:0;right:0;bottom:0;z-index:2147483647;max-height:60vh;overflow:auto;" +
                "padding:1em 3em 1em 1.25em;background:#3b0a0a;color:#fff;font:14px/1.45 ui-monospace,Menlo,Consolas,monospace;" +
                "box-shadow:0 -4px 16px rgba(0,0,0,.4)";
              var title = document.createElement("strong");
              title.textContent = "ttsite: the site does not build. This page is the last good version.";
              var message = document.createElement("pre");
              message.style.cssText = "white-space:pre-wrap;margin:.5em 0 0";
              var close = document.createElement("button");
              close.type = "button";
              close.textContent = "\\u00d7";
              close.setAttribute("aria-label", "Hide");
              close.style.cssText =
                "position:absolute;top:.5em;right:.75em;font-size:1.5em;background:none;border:0;color:inherit;cursor:pointer";
              close.onclick = function () { overlay.remove(); overlay = null; };
              overlay.append(title, message, close);
              document.body.appendChild(overlay);
            }
            overlay.querySelector("pre").textContent = text;
          }
          if (state.failure) showFailure(state.failure);
          if (!window.EventSource) return;
          var events = new EventSource("\(eventsPath)");
          events.addEventListener("hello", function (event) { if (event.data !== state.build) location.reload(); });
          events.addEventListener("build", function () { location.reload(); });
          events.addEventListener("failure", function (event) { showFailure(event.data); });
        })();
        """
}
