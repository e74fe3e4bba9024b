import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// Data loaders (`command:` in `data:`): real programs in Python, shell and R, run by the
/// real binary, their outputs read as tables, and the cron rules of every source around
/// them — a failing, hanging, flooding or lying loader leaves the published site as it was.
@Suite struct LoaderTests {
    let now = "2026-11-22T08:00:00Z"

    /// A site whose one page lists the rows of `quakes`, made by `loaders/quakes.py`.
    func site(_ entry: String = "{ command: [python3, loaders/quakes.py], format: csv }", loader: String = Self.goodLoader) throws
        -> TestSite
    {
        try TestSite(
            """
            -- ttsite.yml --
            title: Quakes
            data:
              quakes: \(entry)
            -- Content/index.md --
            ```ttsite query all
            SELECT place, magnitude FROM quakes ORDER BY magnitude
            ```

            {{#data.all}}[{{place}}={{magnitude}}]{{/data.all}}
            -- loaders/quakes.py --
            \(loader)
            """)
    }

    /// Three rows, and a line in a file of the site each time it runs.
    static let goodLoader = """
        import csv, sys
        with open("runs.txt", "a") as runs:
            runs.write("ran\\n")
        out = csv.writer(sys.stdout)
        out.writerow(["place", "magnitude"])
        for place, magnitude in [("Aegean", 4.5), ("Andes", 6.1), ("Alaska", 5.2)]:
            out.writerow([place, magnitude])
        print("fetched 3 quakes", file=sys.stderr)
        """

    static let published = "[Aegean=4.5][Alaska=5.2][Andes=6.1]"

    func build(_ site: TestSite, _ arguments: [String] = []) async throws -> ProgramRun {
        try await TTSiteBinary.run(["build", "--now", now] + arguments, in: site.folder)
    }

    func runs(_ site: TestSite) -> Int {
        ((try? String(contentsOf: site.folder.appendingPathComponent("runs.txt"), encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    @Test func aPythonLoadersOutputIsATableListedWithItsRun() async throws {
        let site = try site()
        defer { site.remove() }
        let built = try await build(site, ["--verbose"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(try site.read("index.html").contains(Self.published))
        // Its stderr is shown with --verbose only.
        #expect(built.stderr.contains("data.quakes stderr: fetched 3 quakes"), "\(built.stderr)")
        #expect(!(try await build(site, ["--full"])).stderr.contains("fetched 3 quakes"))

        let listed = try await TTSiteBinary.run(["data"], in: site.folder)
        #expect(listed.status == 0, "\(listed.stderr)")
        let line = try #require(listed.stdout.split(separator: "\n").first { $0.hasPrefix("quakes") })
        #expect(line.contains("3 rows, from loader `python3 loaders/quakes.py` (ran at 20"), "\(line)")
        #expect(listed.stdout.contains("magnitude  real"))
    }

    @Test func shellLoadersPrintTSVAndJSON() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Shell
            data:
              tabs: { command: "sh -c 'printf \\"city\\\\tpeople\\\\nOslo\\\\t7\\\\n\\"'", format: tsv }
              api: { command: [sh, loaders/api.sh], format: json, path: $.rows }
            -- loaders/api.sh --
            printf '{"rows": [{"code": "NO", "share": 0.25}, {"code": "SE", "share": 0.5}]}'
            -- Content/index.md --
            ```ttsite query all
            SELECT city, people, (SELECT group_concat(code || ':' || share, ' ') FROM api) AS shares FROM tabs
            ```

            {{#data.all}}[{{city}}|{{people}}|{{shares}}]{{/data.all}}
            """)
        defer { site.remove() }
        let built = try await build(site)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(try site.read("index.html").contains("[Oslo|7|NO:0.25 SE:0.5]"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/Rscript"), "Debian's r-base-core"))
    func anRLoaderWritesCSV() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Survey
            data:
              survey: { command: [Rscript, --vanilla, loaders/survey.R], format: csv }
            -- loaders/survey.R --
            answers <- data.frame(answer = c("yes", "no", "yes", "yes"))
            counts <- as.data.frame(table(answers$answer), stringsAsFactors = FALSE)
            names(counts) <- c("answer", "n")
            write.csv(counts, stdout(), row.names = FALSE)
            -- Content/index.md --
            ```ttsite query all
            SELECT answer, n FROM survey ORDER BY answer
            ```

            {{#data.all}}[{{answer}}={{n}}]{{/data.all}}
            """)
        defer { site.remove() }
        let built = try await build(site)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(try site.read("index.html").contains("[no=1][yes=3]"))
    }

    @Test func aSQLiteLoaderWritesWhereItIsTold() async throws {
        let site = try site(
            "{ command: [python3, loaders/quakes.py], format: sqlite }",
            loader: """
                import os, sqlite3
                db = sqlite3.connect(os.environ["TTSITE_LOADER_OUTPUT"])
                db.execute("CREATE TABLE quakes (place TEXT, magnitude REAL)")
                db.executemany("INSERT INTO quakes VALUES (?, ?)", [("Aegean", 4.5), ("Andes", 6.1), ("Alaska", 5.2)])
                db.commit()
                """)
        defer { site.remove() }
        try site.write(
            "```ttsite query all\nSELECT place, magnitude FROM quakes.quakes ORDER BY magnitude\n```\n\n"
                + "{{#data.all}}[{{place}}={{magnitude}}]{{/data.all}}\n", to: "Content/index.md")
        let built = try await build(site)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(try site.read("index.html").contains(Self.published))
    }

    /// Each way a loader can go wrong, after a good build: the build publishes the last good
    /// output with a warning that says when it was made, and `--strict` stops with exit 3.
    @Test(arguments: [
        ("failing", "import sys\nprint('HTTP 503 from the feed', file=sys.stderr)\nsys.exit(2)", "", "it exited with status 2"),
        ("hanging", "import time\ntime.sleep(60)", ", seconds: 5", "it ran longer than 5 seconds and was stopped"),
        ("flooding", "while True: print('Aegean,4.5')", ", max_bytes: 50000", "it printed more than 50,000 bytes and was stopped"),
        ("lying", "print('<html><body>Too many requests</body></html>')", "", "what it printed is not CSV"),
        ("ragged", "print('place,magnitude')\nprint('Aegean,4.5,extra')", "", "what it printed is not CSV"),
    ])
    func aLoaderGoneWrongKeepsThePublishedSite(_ kind: String, _ loader: String, _ settings: String, _ reason: String) async throws {
        let site = try site("{ command: [python3, loaders/quakes.py], format: csv\(settings) }")
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        try site.write(loader, to: "loaders/quakes.py")
        let failed = try await build(site, ["--full"])
        #expect(failed.status == 0, "\(kind): \(failed.stderr)")
        #expect(failed.stderr.contains("`data.quakes`: the loader `python3 loaders/quakes.py` failed: \(reason)"), "\(failed.stderr)")
        #expect(failed.stderr.contains("using its last good output, made at 20"), "\(failed.stderr)")
        if kind == "failing" { #expect(failed.stderr.contains("HTTP 503 from the feed")) }
        #expect(try site.read("index.html").contains(Self.published), "\(kind)")
        let strict = try await build(site, ["--full", "--strict"])
        #expect(strict.status == 3, "\(kind): \(strict.stderr)")
        #expect(try site.read("index.html").contains(Self.published), "\(kind)")
    }

    /// A JSON loader that prints an error object instead of rows lies plainly.
    @Test func aJSONLoaderPrintingAnErrorObjectKeepsThePublishedSite() async throws {
        let site = try site(
            "{ command: [python3, loaders/quakes.py], format: json, path: $.rows }",
            loader: """
                import json
                print(json.dumps({"rows": [{"place": "Aegean", "magnitude": 4.5}, {"place": "Andes", "magnitude": 6.1},
                    {"place": "Alaska", "magnitude": 5.2}]}))
                """)
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        try site.write("print('{\"error\": \"rate limited\"}')", to: "loaders/quakes.py")
        let failed = try await build(site, ["--full"])
        #expect(failed.status == 0, "\(failed.stderr)")
        #expect(failed.stderr.contains("what it printed is not JSON rows"), "\(failed.stderr)")
        #expect(try site.read("index.html").contains(Self.published))
    }

    /// A credential in the command reaches no message: the command is shown redacted.
    @Test func aTokenInTheCommandIsNotShown() async throws {
        let site = try site(
            "{ command: [python3, loaders/quakes.py, --token, s3cr3t-4711], format: csv }", loader: "import sys\nsys.exit(3)")
        defer { site.remove() }
        let failed = try await build(site)
        #expect(failed.status == 3, "\(failed.stderr)")
        #expect(failed.stderr.contains("the loader `python3 loaders/quakes.py --token ***` failed"), "\(failed.stderr)")
        #expect(!failed.stderr.contains("s3cr3t-4711"))
    }

    @Test func aLoaderThatNeverWorkedStopsTheBuildWithItsStderr() async throws {
        let site = try site(loader: "import sys\nfor n in range(40): print(f'trace {n}', file=sys.stderr)\nsys.exit(1)")
        defer { site.remove() }
        let failed = try await build(site)
        #expect(failed.status == 3, "\(failed.stderr)")
        #expect(failed.stderr.contains("ttsite.yml:3: `data.quakes`"), "\(failed.stderr)")
        #expect(failed.stderr.contains("there is no earlier output to fall back on"))
        // The last 20 lines, not more.
        #expect(failed.stderr.contains("trace 39") && failed.stderr.contains("trace 20") && !failed.stderr.contains("trace 19"))
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    @Test func offlineUsesTheLastGoodOutputWithoutRunning() async throws {
        let site = try site()
        defer { site.remove() }
        let offlineFirst = try await build(site, ["--offline"])
        #expect(offlineFirst.status == 3 && offlineFirst.stderr.contains("no output of its loader to build offline with"))
        #expect(try await build(site).status == 0)
        #expect(runs(site) == 1)
        let offline = try await build(site, ["--offline", "--full"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(runs(site) == 1, "--offline runs no loader")
        #expect(try site.read("index.html").contains(Self.published))
    }

    /// `refresh:` reuses a younger output of the same command, loader file and inputs; a
    /// changed loader or input runs it again. Without `refresh:` it runs on every build.
    @Test func refreshReusesAYoungOutputUntilTheLoaderOrAnInputChanges() async throws {
        let site = try site("{ command: [python3, loaders/quakes.py], format: csv, refresh: 6h, inputs: [data/raw/*.csv] }")
        defer { site.remove() }
        try site.write("a\n1\n", to: "data/raw/one.csv")
        #expect(try await build(site).status == 0)
        #expect(try await build(site, ["--full"]).status == 0)
        #expect(runs(site) == 1, "an output younger than 6 h is used again")
        try site.write("a\n2\n", to: "data/raw/one.csv")
        #expect(try await build(site, ["--full"]).status == 0)
        #expect(runs(site) == 2, "an input changed")
        try site.write("a\n3\n", to: "data/raw/two.csv")
        #expect(try await build(site, ["--full"]).status == 0)
        #expect(runs(site) == 3, "an input was added")
        try site.write(Self.goodLoader + "\n# edited\n", to: "loaders/quakes.py")
        #expect(try await build(site, ["--full"]).status == 0)
        #expect(runs(site) == 4, "the loader changed")

        let every = try self.site()
        defer { every.remove() }
        #expect(try await build(every).status == 0)
        #expect(try await build(every, ["--full"]).status == 0)
        #expect(runs(every) == 2)
    }

    @Test func aCommandThatNeedsAShellIsRefusedWithAdvice() async throws {
        let site = try site("{ command: \"python3 loaders/quakes.py | head -n 2\", format: csv }")
        defer { site.remove() }
        let refused = try await build(site)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("ttsite.yml:3: data.quakes.command: `|` needs a shell"), "\(refused.stderr)")
        let noFormat = try self.site("{ command: [python3, loaders/quakes.py] }")
        defer { noFormat.remove() }
        #expect((try await build(noFormat)).stderr.contains("data.quakes needs `format:`"))
    }

    /// The shrink guard counts a loader's rows as it counts a file's.
    @Test func aLoaderWhoseRowsShrankIsGuarded() async throws {
        let site = try site()
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        try site.write("print('place,magnitude')\nprint('Aegean,4.5')", to: "loaders/quakes.py")
        let shrunk = try await build(site, ["--full"])
        #expect(shrunk.status != 0 && shrunk.stderr.contains("data.quakes: the source has 1 row now"), "\(shrunk.stderr)")
        #expect(try site.read("index.html").contains(Self.published))
    }

    /// A preview keeps a loader's output until its file or an input changes, then runs it
    /// again, though its rebuilds are offline; the watcher's paths include them.
    @Test func thePreviewRunsALoaderAgainWhenItChanges() async throws {
        let site = try site("{ command: [python3, loaders/quakes.py], format: csv, inputs: [data/raw/*.csv] }")
        defer { site.remove() }
        try site.write("a\n1\n", to: "data/raw/one.csv")
        let live = LiveSite()
        var options = site.options(now: now)
        options.isPreview = true
        let loaderFile = site.folder.appendingPathComponent("loaders/quakes.py").path
        try await offThePool { [options] in _ = try live.update(options, changed: []) }
        #expect(runs(site) == 1)
        options.offline = true
        try await offThePool { [options] in
            _ = try live.update(options, changed: [site.folder.appendingPathComponent("Content/index.md").path])
        }
        #expect(runs(site) == 1, "an edit of a page does not run the loader")
        try site.write(Self.goodLoader.replacingOccurrences(of: "Andes", with: "Alps"), to: "loaders/quakes.py")
        try await offThePool { [options] in _ = try live.update(options, changed: [loaderFile]) }
        #expect(runs(site) == 2)
        #expect(try site.read("index.html").contains("[Aegean=4.5][Alaska=5.2][Alps=6.1]"))

        let config = try SiteConfig.load(from: site.folder.appendingPathComponent("ttsite.yml"), readingPacks: false)
        let watched = config.tableFiles(siteFolder: site.folder).map(\.path)
        #expect(watched == [loaderFile, site.folder.appendingPathComponent("data/raw/one.csv").standardizedFileURL.path])
    }

    @Test func shellWordsSplitAsAShellDoes() throws {
        // Each expected list is what Python's shlex.split (POSIX mode) gives for the text.
        #expect(try ShellWords.split("duckdb -csv -c 'SELECT * FROM t'") == ["duckdb", "-csv", "-c", "SELECT * FROM t"])
        #expect(try ShellWords.split(#"python3  "loaders/my quakes.py" a\ b"#) == ["python3", "loaders/my quakes.py", "a b"])
        #expect(try ShellWords.split(#"echo "say \"hi\"" ''"#) == ["echo", #"say "hi""#, ""])
        for text in ["a | b", "a > out.csv", "a; b", "a && b", "echo $HOME", "echo `date`", "ls *.csv", "~/bin/x", "a # note"] {
            #expect(throws: ShellWords.Refusal.self, "\(text)") { try ShellWords.split(text) }
        }
        #expect(throws: ShellWords.Refusal.self) { try ShellWords.split("echo 'open") }
    }

    @Test func durations() {
        #expect(SiteConfig.duration("6h") == 21_600)
        #expect(SiteConfig.duration("30m") == 1_800)
        #expect(SiteConfig.duration("7d") == 604_800)
        #expect(SiteConfig.duration("90") == 90)
        #expect(SiteConfig.duration("0h") == nil && SiteConfig.duration("soon") == nil && SiteConfig.duration("-1h") == nil)
    }
}
