import Foundation
import TestSupport

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
    static func make() throws -> TemporaryFolder {
        let root = try TemporaryFolder("hostile")
        for (path, text) in files {
            try root.write(text, to: "site/" + path)
        }
        try root.write("not for publishing\n", to: "outside/secret.txt")
        return root
    }
}
