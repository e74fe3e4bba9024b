import Foundation
import SiteBuilder
import SiteStarter
import TestSupport
import Testing

/// `ttsite init` through the binary: what it writes, what it refuses, and that the next steps
/// it prints work when pasted into a shell.
@Suite struct InitTests {
    /// The printed next steps: the indented lines after "Next steps:".
    static func nextSteps(_ stdout: String) -> [String] {
        guard let range = stdout.range(of: "Next steps:\n") else { return [] }
        return stdout[range.upperBound...].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test(arguments: ["mysite", "my site", "deeper/it's mine"])
    func initThenTheBuildStepAsPrintedMakesASiteWithPeopleAndATimeline(folder: String) async throws {
        let parent = try TemporaryFolder("starter")
        defer { parent.remove() }
        let created = try await TTSiteBinary.run(["init", folder], in: parent.url)
        #expect(created.status == 0, "\(created.stderr)")
        let steps = Self.nextSteps(created.stdout)
        #expect(steps.first?.hasPrefix("cd ") == true)
        // Every printed line except `serve` (which would run until stopped), pasted as it is.
        let script = steps.filter { !$0.contains(" serve ") }.joined(separator: "\n")
        #expect(script.contains(" build "))
        let built = try await Shell.run("set -e\n" + script, in: parent.url)
        #expect(built.status == 0, "\(built.stderr)")

        let site = parent.url.appendingPathComponent(folder)
        let output = site.appendingPathComponent("_site")
        let people = try String(contentsOf: output.appendingPathComponent("people/index.html"), encoding: .utf8)
        // The names come from the sample file itself, read with Foundation's JSON parser.
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("Content/data/people.json")))
            as! [String: Any]
        let results = json["results"] as! [[String: Any]]
        #expect(results.count == 8)
        for person in results {
            let name = person["name"] as! [String: String]
            #expect(people.contains("\(name["first"]!) \(name["last"]!)"))
        }
        let scenario =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("Content/data/scenarios/moonlanding.json")))
            as! [String: Any]
        let timeline = try String(
            contentsOf: output.appendingPathComponent("scenarios/\(scenario["named"] as! String)/index.html"), encoding: .utf8)
        #expect(timeline.contains(scenario["nameEn"] as! String))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("about/index.html").path))
        #expect(try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8).contains("_site/\n.ttsite/\n"))
        // The personal details of the sample records never reach the output.
        #expect(!people.contains("@example.com"))
        // A new site passes `ttsite check` too: every link of every page resolves.
        let checked = try await TTSiteBinary.run(["check"], in: site)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stderr.contains(": all resolve"))
    }

    @Test func aFolderWithFilesIsRefusedAndLeftAsItWas() async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        try folder.write("my notes", to: "notes.txt")
        let run = try await TTSiteBinary.run(["init", "."], in: folder.url)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "ttsite: error: \(folder.url.path): the folder is not empty (it holds `notes.txt`); choose a new folder, or pass --force"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["notes.txt"])
    }

    @Test func forceAddsWhatIsMissingAndKeepsEveryExistingFile() async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        try folder.write("my notes", to: "notes.txt")
        try folder.write("---\ntitle: Mine\n---\nMy own home page.\n", to: "Content/index.md")
        let run = try await TTSiteBinary.run(["init", ".", "--force"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Kept as they were (already there): Content/index.md."))
        #expect(try folder.read("notes.txt") == "my notes")
        #expect(try folder.read("Content/index.md") == "---\ntitle: Mine\n---\nMy own home page.\n")
        #expect(folder.exists("ttsite.yml") && folder.exists("Content/about.md") && folder.exists("Content/data/people.json"))
        // The steps for the current folder start with no `cd`.
        #expect(Self.nextSteps(run.stdout).first?.hasPrefix("cd ") == false)
    }

    @Test func hiddenFilesSuchAsAGitRepositoryCountAsEmpty() async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        try folder.write("[core]\n", to: ".git/config")
        let run = try await TTSiteBinary.run(["init", "."], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.exists("ttsite.yml"))
    }

    @Test func bareWritesTheConfigAloneAndItBuilds() async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        let run = try await TTSiteBinary.run(["init", "site", "--bare"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("site").path) == ["ttsite.yml"])
        let built = try await Shell.run(
            "set -e\n" + Self.nextSteps(run.stdout).filter { !$0.contains(" serve ") }.joined(separator: "\n"), in: folder.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(folder.exists("site/_site/404.html"))
        #expect(!folder.exists("site/_site/people/index.html"))
    }

    @Test func templatesAreCopiedOnlyWhenAskedAndChangeNothingInTheOutput() async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        #expect(try await TTSiteBinary.run(["init", "plain"], in: folder.url).status == 0)
        #expect(!folder.exists("plain/Templates"))
        #expect(try await TTSiteBinary.run(["init", "copied", "--templates"], in: folder.url).status == 0)
        for (name, bytes) in TemplateSet.defaults {
            #expect(try Data(contentsOf: folder.url.appendingPathComponent("copied/Templates/\(name)")) == Data(bytes), "\(name)")
        }
        // Copies of the built-in templates build the very same site, byte for byte.
        for site in ["plain", "copied"] {
            let built = try await TTSiteBinary.run(["build", "--quiet", "--site", site, "--now", "2026-11-22T08:00:00Z"], in: folder.url)
            #expect(built.status == 0, "\(built.stderr)")
        }
        let plain = try snapshot(of: folder.url.appendingPathComponent("plain/_site"))
        let copied = try snapshot(of: folder.url.appendingPathComponent("copied/_site"))
        #expect(plain.count > 10)
        #expect(plain == copied)
    }
}
