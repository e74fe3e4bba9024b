import Foundation

/// Text that is markup, script, a path or invisible characters, in every field that reaches a
/// page, and names whose page names collide. Data is always escaped; URLs other than http(s)
/// (and, for scenarios, site-relative ones) are dropped with a warning; page names hold only
/// `a-z`, `0-9` and `-`, so no path in the data can leave the output folder.
extension HostileCorpus {
    static let config = """
        title: Hostile inputs
        languages: [en, de]
        remote_images: true
        people:
          - file: Content/data/people.json
        scenarios:
          - file: Content/data/scenarios/
        """

    static var names: [HostileCase] {
        [
            HostileCase(
                name: "HTML and script in every person field", runner: .binary,
                files: {
                    [
                        "ttsite.yml": Data(config.utf8),
                        peopleFile: Data(
                            #"""
                            {"results":[
                             {"name":{"title":"<b>","first":"<script>alert(1)</script>","last":"\"><img src=x onerror=alert(1)>"},
                              "dob":{"date":"1990-01-01"},"login":{"uuid":"40000000-0000-4000-8000-000000000000"},\#
                            "nat":"\"><svg/onload=alert(1)>",
                              "picture":{"large":"javascript:alert(1)","medium":" JaVaScRiPt:alert(1)",\#
                            "thumbnail":"data:text/html,<script>alert(1)</script>"}},
                             {"name":{"first":"Quoted","last":"Picture"},"dob":{"date":"1990-01-02"},
                              "picture":{"large":"https://example.org/a.jpg?x=\"><script>alert(1)</script>"}}
                            ]}
                            """#.utf8),
                    ]
                },
                outcome: .warns([
                    [
                        peopleFile
                            + " results[0].picture.large: \"javascript:alert(1)\" is not a URL: "
                            + "the scheme \"javascript\" is not allowed (allowed: http, https)"
                    ],
                    [peopleFile + " results[0].picture.medium: \" JaVaScRiPt:alert(1)\" is not a URL: not a well-formed URL"],
                    [
                        peopleFile
                            + " results[0].picture.thumbnail: \"data:text/html,<script>alert(1)</script>\" is not a URL: "
                            + "the scheme \"data\" is not allowed"
                    ],
                ]),
                // The quoted picture URL is kept: it is https, and escaping keeps it inside its attribute.
                published: ["people/script-alert-1-script-img-src-x-onerror-alert-1/index.html", "people/quoted-picture/index.html"]
            ),
            HostileCase(
                name: "HTML, script and script URLs in every scenario field", runner: .binary,
                files: scenario(
                    #"""
                    {"named":"<script>alert(1)</script>","nameEn":"\"><img src=x onerror=alert(1)>",\#
                    "nameDe":"</style><script>alert(1)</script>",
                     "textEn":"Click [me](javascript:alert(1)) <script>alert(1)</script> <img src=x onerror=alert(1)> \#
                    [x](JAVASCRIPT:alert(1)) ![i](javascript:alert(1)) <a href=\"javascript:alert(1)\">a</a>",
                     "textDe":"[auto](<javascript:alert(1)>) <javascript:alert(1)> [ref][r] \#
                    [d](data:text/html;base64,PHNjcmlwdD4=)\n\n[r]: javascript:alert(1)",
                     "unit":"date","start":"2002-01-01","end":"2002-12-31",
                     "image":"javascript:alert(1)","license":"<script>alert(1)</script>","source":"vbscript:msgbox(1)",
                     "events":[{"start":"2002-06-01","textEn":"<svg/onload=alert(1)>","textDe":"x",\#
                    "image":"data:image/svg+xml,<svg onload=alert(1)>",
                                "source":"java\tscript:alert(1)","license":"\"><img src=x onerror=alert(1)>"}]}
                    """#),
                // Markdown links to javascript: and raw HTML are removed by cmark's safe mode, silently.
                outcome: .warns([
                    [
                        scenarioFile
                            + " image: \"javascript:alert(1)\" is not a URL: "
                            + "the scheme \"javascript\" is not allowed (allowed: http, https)"
                    ],
                    [
                        scenarioFile
                            + " source: \"vbscript:msgbox(1)\" is not a URL: the scheme \"vbscript\" is not allowed (allowed: http, https)"
                    ],
                    [scenarioFile + " events[0].image: \"data:image/svg+xml,<svg onload=alert(1)>\" is not a URL: not a well-formed URL"],
                    [scenarioFile + " events[0].source: \"java\\tscript:alert(1)\" is not a URL: not a well-formed URL"],
                ]),
                published: ["scenarios/script-alert-1-script/index.html", "de/scenarios/script-alert-1-script/index.html"]
            ),
            HostileCase(
                name: "raw HTML and script links in a Content page (unsafe_html off)", runner: .library,
                files: {
                    [
                        "Content/xss.md": Data(
                            #"""
                            ---
                            title: "<script>alert(1)</script>"
                            description: '"><img src=x onerror=alert(1)>'
                            ---
                            <script>alert(1)</script>

                            [x](javascript:alert(1)) <img src=x onerror=alert(1)> <a href="javascript:alert(1)">a</a>
                            """#.utf8)
                    ]
                },
                outcome: .warns([]),
                published: ["xss/index.html"]
            ),
            HostileCase(
                name: "../../etc/passwd as names, ids and picture paths", runner: .binary,
                files: {
                    [
                        "ttsite.yml": Data(config.utf8),
                        peopleFile: Data(
                            #"""
                            {"results":[
                             {"name":{"first":"../../etc/passwd","last":""},"dob":{"date":"1990-01-01"},\#
                            "picture":{"large":"../../etc/passwd"}},
                             {"name":{"first":"Id","last":"Path"},"dob":{"date":"1990-01-02"},"login":{"uuid":"../../../tmp/x"}}
                            ]}
                            """#.utf8),
                        scenarioFile: Data(
                            #"""
                            {"named":"../../etc/passwd","unit":"km","start":0,"end":1,"image":"../../etc/passwd",\#
                            "source":"/../../etc/passwd","events":[]}
                            """#.utf8),
                    ]
                },
                // A site-relative image or source link is allowed for scenarios (the spec's rule):
                // it is a link in a page, resolved by the browser, never a file ttsite reads or writes.
                outcome: .warns([
                    [peopleFile + " results[0].picture.large: \"../../etc/passwd\" is not a URL: a relative URL is not allowed here"]
                ]),
                published: ["people/etc-passwd/index.html", "people/id-path/index.html", "scenarios/etc-passwd/index.html"]
            ),
            HostileCase(
                name: "../../etc as a front matter slug", runner: .binary,
                files: { ["Content/evil.md": Data("---\nslug: ../../etc\n---\nText\n".utf8)] },
                outcome: .fails(exit: 1, ["Content/evil.md:2: `slug` may hold only a-z, 0-9 and single dashes, found `../../etc`"])
            ),
            HostileCase(
                name: "a path as a front matter layout", runner: .library,
                files: { ["Content/evil.md": Data("---\nlayout: ../../../etc/passwd\n---\nText\n".utf8)] },
                outcome: .fails(exit: 1, ["Content/evil.md:2: `layout` must name a template such as `page`, found `../../../etc/passwd`"])
            ),
            HostileCase(
                name: "RTL override and zero-width characters in names", runner: .binary,
                files: {
                    [
                        peopleFile: Data(
                            """
                            {"results":[
                             \(person("Ann\u{202E}gpj.exe", "Zero\u{200B}Width\u{FEFF}")),
                             \(person("\u{200D}\u{2066}", "\u{202E}"))
                            ]}
                            """.utf8),
                        scenarioFile: Data(#"{"named":"\u202Eevil\u200D","unit":"km","start":0,"end":1,"events":[]}"#.utf8),
                    ]
                },
                // Invisible format characters (category Cf) are left out of page names; a name
                // of nothing else gets a hashed page name.
                outcome: .warns([]),
                published: ["people/anngpj-exe-zerowidth/index.html", "scenarios/evil/index.html"]
            ),
        ]
    }

    static var collisions: [HostileCase] {
        [
            HostileCase(
                name: "names that collide by case and by transliteration", runner: .binary,
                files: {
                    [
                        peopleFile: Data(
                            """
                            {"results":[
                             \(person("Ann", "Lee")), \(person("ANN", "LEE")), \(person("ann", "lee", born: "1991-01-01")),
                             \(person("Мария", "Иванова")), \(person("Maria", "Ivanova")), \(person("Mariya", "Ivanova"))
                            ]}
                            """.utf8),
                        scenarioFile: Data(
                            """
                            [{"named":"Good","unit":"km","start":0,"end":1,"events":[]},
                             {"named":"GOOD","unit":"km","start":0,"end":1,"events":[]}]
                            """.utf8),
                    ]
                },
                // Who keeps a contested name is decided by a stable key (the id, a hash of the
                // name when there is none; `named` and origin for scenarios), not input order.
                // People who share a name are numbered without a warning (ann-lee-2, -3: by
                // id, ann lee's hash ranks first); scenarios, whose `named` is a key, warn.
                outcome: .warns([
                    [
                        scenarioFile
                            + " [0]: the page name \"good\" is already taken by Content/data/scenarios/1-hostile.json "
                            + "[1] (\"GOOD\"); \"Good\" gets \"good-2\""
                    ],
                    [
                        "Content/data/scenarios/0-good.json (document): the page name \"good\" is already taken by "
                            + "Content/data/scenarios/1-hostile.json [1] (\"GOOD\"); \"good\" gets \"good-3\""
                    ],
                ]),
                published: [
                    "people/ann-lee/index.html", "people/ann-lee-2/index.html", "people/ann-lee-3/index.html",
                    "people/mariya-ivanova/index.html", "people/mariya-ivanova-2/index.html", "people/maria-ivanova/index.html",
                    "scenarios/good/index.html", "scenarios/good-2/index.html", "scenarios/good-3/index.html",
                ]
            ),
            HostileCase(
                name: "a Content page at a person's URL", runner: .library,
                files: { ["Content/people/grace-hopper.md": Data("# Not Grace\n".utf8)] },
                outcome: .fails(exit: 1, ["Content/people/grace-hopper.md", "people/grace-hopper/index.html"]),
            ),
        ]
    }
}
