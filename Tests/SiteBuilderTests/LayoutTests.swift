import Foundation
import Testing

/// The folders of SiteBuilder depend on each other in one direction: a file names only the
/// types and functions of its own folder and of the folders below it (Docs: architecture).
/// Read from the sources: every top-level type, protocol, alias and function is found where
/// it is declared, then looked for, as a whole word outside comments and string literals, in
/// the files of the folders below its own, where it must not be.
struct LayoutTests {
    /// Lowest first.
    static let layers = [
        "Support", "Config", "Model", "Content", "Data", "Pictures", "Queries", "Derive", "PageSources", "Output", "Render", "Check",
        "Incremental",
        "Pipeline",
    ]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SiteBuilder")

    static let declaration = try! NSRegularExpression(
        pattern: #"^(?:public |internal |final |indirect )*(?:struct|enum|class|protocol|actor|typealias|func)\s+([A-Za-z_]\w*)"#,
        options: .anchorsMatchLines
    )

    /// Each Swift file of a layer, without its comments and the insides of its string literals.
    static func files() throws -> [(layer: String, name: String, code: String)] {
        var files: [(String, String, String)] = []
        for layer in layers {
            let folder = sources.appendingPathComponent(layer)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                files.append((layer, name, strip(text)))
            }
        }
        return files
    }

    /// Whether `code` names `name` as a whole word, not as a member (`.name`).
    static func names(_ name: String, in code: String) -> Bool {
        let word = try! NSRegularExpression(pattern: #"(?<![.\w])"# + NSRegularExpression.escapedPattern(for: name) + #"\b"#)
        return word.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
    }

    static func strip(_ text: String) -> String {
        var code = text
        for pattern in [#"//[^\n]*"#, #""(?:[^"\\\n]|\\.)*""#] {
            let expression = try! NSRegularExpression(pattern: pattern)
            code = expression.stringByReplacingMatches(in: code, range: NSRange(code.startIndex..., in: code), withTemplate: "\"\"")
        }
        return code
    }

    @Test func everyFolderIsALayer() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { folder in
            try FileManager.default.contentsOfDirectory(atPath: Self.sources.appendingPathComponent(folder).path).contains {
                $0.hasSuffix(".swift")
            }
        }
        #expect(Set(folders) == Set(Self.layers), "a folder of Swift files that is not in the layer list, or a layer without one")
    }

    @Test func foldersDependDownwardOnly() throws {
        let files = try Self.files()
        var home: [String: String] = [:]
        for file in files {
            for match in Self.declaration.matches(in: file.code, range: NSRange(file.code.startIndex..., in: file.code)) {
                let name = String(file.code[Range(match.range(at: 1), in: file.code)!])
                if home[name] == nil { home[name] = file.layer }
            }
        }
        #expect(home.count > 80, "the declarations were found")
        var upward: [String] = []
        for file in files {
            let level = Self.layers.firstIndex(of: file.layer)!
            for (name, layer) in home where Self.layers.firstIndex(of: layer)! > level && Self.names(name, in: file.code) {
                upward.append("\(file.layer)/\(file.name) names \(name) of \(layer)/")
            }
        }
        #expect(upward.isEmpty, "a folder names what a folder above it declares:\n\(upward.sorted().joined(separator: "\n"))")
    }

    @Test func theCheckFindsAnUpwardName() throws {
        // The same search over a made-up file of Support that names Page (of Model/).
        let code = Self.strip(
            "func title(of page: Page) -> String { page.title } // Routes\nlet text = \"SitePlan\"\nlet x = a.Relativiser\n")
        #expect(Self.names("Page", in: code))
        #expect(!Self.names("Routes", in: code), "comments do not count")
        #expect(!Self.names("SitePlan", in: code), "string literals do not count")
        #expect(!Self.names("Relativiser", in: code), "a member of that name does not count")
        #expect(!Self.names("Pag", in: code), "a part of a word does not count")
    }
}
