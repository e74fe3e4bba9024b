import Foundation
import SiteBuilder
import TestSupport
import Testing

/// `ttsite templates list | show | copy`, against the built-in table `TemplateSet.defaults`.
@Suite struct TemplatesCommandTests {
    @Test func listNamesEveryBuiltInTemplateAndMarksTheSitesOverrides() async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        try folder.write("<footer>mine</footer>\n", to: "Templates/footer.mustache")
        try folder.write("words: { people: Leute }\n", to: "Templates/languages/de.yml")
        let run = try await TTSiteBinary.run(["templates", "list"], in: folder.url)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        let packs = LanguagePack.builtInCodes.map { "languages/\($0).yml" }
        #expect(lines.count == TemplateSet.defaults.count + packs.count)
        #expect(Set(lines.map { String($0.split(separator: " ")[0]) }) == Set(TemplateSet.defaults.keys).union(packs))
        #expect(
            lines.filter { $0.contains("[overridden by Templates/") }
                == lines.filter { $0.hasPrefix("footer.mustache ") || $0.hasPrefix("languages/de.yml ") })
    }

    /// A built-in pack shown is the start of a new language's pack.
    @Test func showPrintsABuiltInLanguagePack() async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        let run = try await TTSiteBinary.run(["templates", "show", "languages/fa.yml"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout.contains("direction: rtl"))
        #expect(run.stdout.contains("name: فارسی"))
    }

    @Test(arguments: ["page.mustache", "page", "style.css"])
    func showPrintsTheBuiltInBytes(name: String) async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        let run = try await TTSiteBinary.run(["templates", "show", name], in: folder.url)
        #expect(run.status == 0)
        let file = name.contains(".") ? name : name + ".mustache"
        #expect(run.stdout == String(decoding: TemplateSet.defaults[file]!, as: UTF8.self))
    }

    @Test func anUnknownNameIsAUsageErrorListingTheKnownOnes() async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        let run = try await TTSiteBinary.run(["templates", "show", "pgae"], in: folder.url)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "ttsite: error: no built-in template is called `pgae`; "
                    + "the built-in templates are age-chart.mustache, avatar.mustache, base.mustache,"
            ))
    }

    @Test func copyStartsAnOverrideAndReplacesOneOnlyWithForce() async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        let first = try await TTSiteBinary.run(["templates", "copy", "page"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            try Data(contentsOf: folder.url.appendingPathComponent("Templates/page.mustache"))
                == Data(TemplateSet.defaults["page.mustache"]!))

        try folder.write("edited", to: "Templates/page.mustache")
        let again = try await TTSiteBinary.run(["templates", "copy", "page.mustache"], in: folder.url)
        #expect(again.status == 2)
        #expect(
            again.stderr
                == "ttsite: error: Templates/page.mustache: the site already has this template; edit it, "
                + "or pass --force to replace it with the built-in one\n"
        )
        #expect(try folder.read("Templates/page.mustache") == "edited")

        let forced = try await TTSiteBinary.run(["templates", "copy", "page", "--force", "--site", "."], in: folder.url)
        #expect(forced.status == 0)
        #expect(
            try Data(contentsOf: folder.url.appendingPathComponent("Templates/page.mustache"))
                == Data(TemplateSet.defaults["page.mustache"]!))
    }
}
