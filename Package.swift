// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ttsite",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "ttsite", targets: ["TTSiteCommand"]),
        .executable(name: "ttsite-fuzz", targets: ["TTSiteFuzz"]),
        .library(name: "SiteBuilder", targets: ["SiteBuilder"]),
        .library(name: "Markdown", targets: ["Markdown"]),
        .library(name: "ValueTransformers", targets: ["ValueTransformers"]),
        .library(name: "IntervalText", targets: ["IntervalText"]),
        .library(name: "Counting", targets: ["Counting"]),
        .library(name: "Charts", targets: ["Charts"]),
        .library(name: "CivilTime", targets: ["CivilTime"]),
        .library(name: "TextFormatting", targets: ["TextFormatting"]),
        .library(name: "TemplateEngine", targets: ["TemplateEngine"]),
        .library(name: "ReportData", targets: ["ReportData"]),
        .library(name: "DataSources", targets: ["DataSources"]),
        .library(name: "DataTables", targets: ["DataTables"]),
        .library(name: "SiteStarter", targets: ["SiteStarter"]),
        .library(name: "SiteServer", targets: ["SiteServer"]),
        .library(name: "Pictures", targets: ["Pictures"]),
        .library(name: "Postgres", targets: ["Postgres"]),
        .library(name: "MySQL", targets: ["MySQL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // cmark-gfm, GitHub's fork of libcmark (the CommonMark reference implementation) with
        // its syntax extensions, as a system library.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // GLib's headers, which libvips' headers include (and GLib, linked: small, and libvips
        // would load it anyway).
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"]), .brew(["glib"])]
        ),
        // libvips, the fast image library, with plain wrappers for its variadic C API. Built
        // against libvips' headers (`libvips-dev`) but not linked: it opens libvips and
        // libwebpmux with dlopen when the first picture is made, so that a build without
        // pictures does not load libvips and the 65 libraries only it needs.
        .target(name: "CVips", dependencies: ["CGLib"]),
        // Pictures checked, shrunk, stripped of metadata and encoded as WebP and JPEG through
        // libvips. Knows nothing about sites.
        .target(name: "Pictures", dependencies: ["CVips"]),
        // The one system call Swift's Glibc module lacks: swapping two folders atomically.
        .target(name: "CFileSystem"),
        // A program started as a child of its own (its folder, its process group, no signal
        // blocked, nothing else inherited) through the GNU spawn calls the Glibc module lacks.
        .target(name: "CSpawn"),
        // Numbers written for a language, printf's fixed-point digits, placeholders filled in:
        // the text kernel under the seed libraries. Knows nothing about sites.
        .target(name: "CNumberFormat"),
        .target(name: "TextFormatting", dependencies: ["CNumberFormat"]),
        // Civil time: calendar dates, days since 1970, the wall clock of a time zone with its
        // daylight-saving rule, birthdays, and the ISO 8601 and iCalendar date texts.
        // Knows nothing about sites.
        .target(name: "CivilTime", dependencies: ["TextFormatting"]),
        // Markdown → HTML through cmark-gfm. Knows nothing about sites.
        .target(name: "Markdown", dependencies: ["CCmark", "TextFormatting"]),
        // Raw values → typed values (the RKValueTransformers seed). Knows nothing about sites.
        .target(
            name: "ValueTransformers",
            dependencies: ["CivilTime", "TextFormatting", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // Time spans in words (the NKTimeIntervalTextTransformation seed). Knows nothing about sites.
        .target(name: "IntervalText", dependencies: ["CivilTime", "TextFormatting"]),
        // Mustache templates parsed once into a tree and rendered into bytes. Knows nothing about sites.
        .target(name: "TemplateEngine", dependencies: ["TextFormatting"]),
        // Charts drawn at build time: d3's ticks and nice domains, histogram bins, scales and
        // SVG. Knows nothing about sites.
        .target(name: "Charts", dependencies: ["CivilTime", "TextFormatting"]),
        // Counting animations' easing curves (the ACLabelCounting seed). Knows nothing about sites.
        .target(name: "Counting", dependencies: ["TextFormatting"]),
        // People and scenarios: typed models decoded from randomuser.me and TimeTranslator JSON.
        .target(name: "ReportData", dependencies: ["ValueTransformers", "CivilTime", "DataSources"]),
        // SQLite, the embedded SQL database, as a system library: the build's tables live in one
        // in-memory database, and every query runs there, at build time.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // Tables from any data: CSV and JSON read with their column types inferred, SQLite files,
        // and the database that runs read-only queries over them. Knows nothing about sites.
        // SQL's `now` as the build's clock says: a VFS that is SQLite's default one but for the time.
        .target(name: "CSQLiteClock", dependencies: ["CSQLite"]),
        // What bounds a query inside SQLite: a memory budget in front of its allocator, and
        // printf() that says when its result is too long.
        .target(name: "CSQLiteLimits", dependencies: ["CSQLite"]),
        .target(
            name: "DataTables",
            dependencies: ["CSQLite", "CSQLiteClock", "CSQLiteLimits", "CivilTime", "ValueTransformers", "TextFormatting"]),
        // libpq, PostgreSQL's client library, as a system library: the one every PostgreSQL
        // tool uses, with `~/.pgpass`, the `PG…` variables, service files and TLS as users
        // know them.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        // Tables from a PostgreSQL server: SQL run there in a read-only, bounded session, its
        // result streamed row by row and typed from the columns' types. Knows nothing about sites.
        .target(
            name: "Postgres",
            dependencies: [
                "CLibPQ", "DataTables", "TextFormatting", "ValueTransformers", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // MariaDB Connector/C, the client library of MariaDB and MySQL servers, as a system
        // library: `~/.my.cnf`, `MYSQL_PWD` and TLS as users of the `mariadb` and `mysql`
        // tools know them.
        .systemLibrary(
            name: "CMariaDB",
            pkgConfig: "libmariadb",
            providers: [.apt(["libmariadb-dev"]), .brew(["mariadb-connector-c"])]
        ),
        // Tables from a MariaDB or MySQL server: SQL run there read-only and bounded,
        // its result streamed row by row and typed from the columns' types. Knows nothing about sites.
        .target(
            name: "MySQL",
            dependencies: [
                "CMariaDB", "DataTables", "ValueTransformers", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // zlib, as a system library: gzip-compressed sources (`data.csv.gz`) read whole.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Reading and fetching source documents: files, HTTP with retries, a cache of the last good
        // copy, and data loaders' programs run bounded.
        .target(name: "DataSources", dependencies: ["CZlib", "CSpawn", "TextFormatting"]),
        // The site pipeline: config → content → render → write.
        .target(
            name: "SiteBuilder",
            dependencies: [
                "Markdown",
                "CivilTime",
                "TextFormatting",
                "IntervalText",
                "ValueTransformers",
                "DataSources",
                "DataTables",
                "Postgres",
                "MySQL",
                "ReportData",
                "Counting",
                "Charts",
                "CFileSystem",
                "TemplateEngine",
                "Pictures",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.embedInCode("DefaultTemplates"), .embedInCode("DefaultLanguages")]
        ),
        // `ttsite init` and `ttsite templates`: a new site and copies of the built-in templates,
        // written from files compiled into the binary.
        .target(name: "SiteStarter", dependencies: ["SiteBuilder"], resources: [.embedInCode("Starter")]),
        // `ttsite serve`: a local preview that rebuilds on change and reloads open pages.
        .target(
            name: "SiteServer",
            dependencies: [
                "SiteBuilder", "DataSources",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ]
        ),
        // The thin command line: parses arguments, calls SiteBuilder, maps errors to exit codes.
        .target(name: "CAllocator"),
        .executableTarget(
            name: "TTSiteCommand",
            dependencies: [
                "CAllocator",
                "DataTables",
                "SiteBuilder",
                "SiteStarter",
                "SiteServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The parsers of outside input as fuzz targets, and `ttsite-fuzz`, which hands them to
        // libFuzzer (`scripts/fuzz`) or replays files through them.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "ReportData", "ValueTransformers", "IntervalText", "CivilTime", "Markdown", "TemplateEngine", "SiteBuilder", "SiteServer",
                "Pictures", "DataTables", "Charts", "Postgres", "MySQL",
            ]),
        .executableTarget(name: "TTSiteFuzz", dependencies: ["FuzzTargets"]),
        // Dates parsed per second by the value transformers, against Foundation's parsers.
        .executableTarget(
            name: "TransformerBenchmark",
            dependencies: ["ValueTransformers"],
            path: "Benchmarks/TransformerBenchmark"
        ),
        // A MariaDB result streamed into a table of a SQLite file, as a build stores it, for
        // `Benchmarks/mysql.py`.
        // Pages per second of a template through TemplateEngine and through swift-mustache.
        .executableTarget(
            name: "TemplateBenchmark",
            dependencies: ["SiteBuilder", "TemplateEngine", .product(name: "Mustache", package: "swift-mustache")],
            path: "Benchmarks/TemplateBenchmark"
        ),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ValueTransformersTests",
            dependencies: [
                "ValueTransformers", "CivilTime", "TestSupport", .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            exclude: ["Oracle"]),
        .testTarget(
            name: "IntervalTextTests", dependencies: ["IntervalText", "CivilTime", "TextFormatting", "TestSupport"], exclude: ["Oracle"]),
        .testTarget(name: "CivilTimeTests", dependencies: ["CivilTime", "TestSupport"]),
        .testTarget(name: "TextFormattingTests", dependencies: ["TextFormatting"]),
        .testTarget(name: "CountingTests", dependencies: ["Counting", "TextFormatting", "TestSupport"]),
        // d3-array (Debian's node-d3-array) as the oracle of ticks, nice domains and bins.
        .testTarget(name: "ChartsTests", dependencies: ["Charts", "CivilTime", "TestSupport"]),
        // The official Mustache spec suites, and swift-mustache as an oracle for the built-in templates.
        .testTarget(
            name: "TemplateEngineTests",
            dependencies: ["TemplateEngine", "TextFormatting", .product(name: "Mustache", package: "swift-mustache")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ReportDataTests", dependencies: ["ReportData", "CivilTime", "DataSources", "IntervalText"], exclude: ["Fixtures"]),
        // What several test targets share: the ttsite binary, and the loopback HTTP server that
        // misbehaves on demand.
        .target(
            name: "TestSupport", dependencies: ["DataSources", "CivilTime", "CSpawn"], path: "Tests/TestSupport",
            exclude: ["Server", "Pictures"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "TestSupport"]),
        .testTarget(name: "DataSourcesTests", dependencies: ["DataSources", "TestSupport"]),
        // Against a real PostgreSQL server the tests start (`Tests/Support/postgres-server`).
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "DataTables", "TestSupport"]),
        // Against a real MariaDB server the tests start (`Tests/TestSupport/Server/mariadb-server`).
        .testTarget(name: "MySQLTests", dependencies: ["MySQL", "DataTables", "TestSupport"]),
        .testTarget(
            name: "DataTablesTests", dependencies: ["DataTables", "CSQLite", "ValueTransformers", "CivilTime", "TestSupport"],
            exclude: ["Oracle"]),
        .testTarget(
            name: "SiteBuilderTests",
            dependencies: [
                "SiteBuilder", "TTSiteCommand", "TestSupport", "TemplateEngine", "CivilTime", "TextFormatting", "IntervalText", "Markdown",
                "DataTables", "ReportData", "Pictures",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["Fixtures", "Oracle"]
        ),
        .testTarget(name: "SiteStarterTests", dependencies: ["SiteStarter", "SiteBuilder", "TTSiteCommand", "TestSupport"]),
        .testTarget(
            name: "SiteServerTests",
            dependencies: ["SiteServer", "SiteBuilder", "TTSiteCommand", "TestSupport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        // The fuzz targets' committed seeds and every input a fuzzing run saved, replayed.
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"]),
    ]
)
