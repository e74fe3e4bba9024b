import Foundation

/// The good site every hostile case starts from: two languages, one person, one scenario,
/// a home page. Built once before the hostile input is added, so that there is a published
/// site that a failing build must leave alone.
enum HostileSite {
    static let files: [String: String] = [
        "ttsite.yml": """
            title: Hostile inputs
            languages: [en, de]
            people:
              - file: Content/data/people.json
            scenarios:
              - file: Content/data/scenarios/
            """,
        "Content/index.md": "# Home\n\nWe track {{people.count}} people.\n",
        "Content/data/people.json": """
            {"results":[{"name":{"title":"Ms","first":"Grace","last":"Hopper"},
              "dob":{"date":"1906-12-09T00:00:00.000Z","age":119},
              "login":{"uuid":"00000000-0000-4000-8000-000000000001"},"nat":"US"}]}
            """,
        "Content/data/scenarios/0-good.json": """
            {"named":"good","nameEn":"Good","nameDe":"Gut","unit":"date",
             "start":"2000-01-01","end":"2000-12-31",
             "events":[{"start":"2000-06-01","textEn":"Midsummer","textDe":"Mittsommer","major":true}]}
            """,
    ]

    /// A fresh folder holding `site/` (the site, output at `site/_site`) and `outside/` (a
    /// folder beside it that symlinks may point at and nothing may write to).
    static func make() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ttsite-hostile-\(UUID().uuidString)")
        let site = root.appendingPathComponent("site")
        for (path, text) in files {
            try write(Data(text.utf8), to: site.appendingPathComponent(path))
        }
        try write(Data("not for publishing\n".utf8), to: root.appendingPathComponent("outside/secret.txt"))
        return root
    }

    static func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
