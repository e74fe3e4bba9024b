// Pages per second of one template, through ttsite's TemplateEngine and through
// swift-mustache, from the same values: the person pages of a site (default: the repository's
// example site; pass a site folder, such as a generated data site, to use its pages).
//
//     swift run -c release TemplateBenchmark [SITE] [TEMPLATE] [SECONDS]
import Foundation
import Mustache
import SiteBuilder
import TemplateEngine

let arguments = CommandLine.arguments
let site = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : FileManager.default.currentDirectoryPath)
let templateName = arguments.count > 2 ? arguments[2] : "person"
let seconds = arguments.count > 3 ? Double(arguments[3]) ?? 3 : 3

var options = BuildOptions(siteFolder: site, now: Date(timeIntervalSince1970: 1_795_334_400))
options.offline = true
options.allowShrink = true
let (templates, inputs) = try Site.renderInputs(options)
let pages = inputs.filter { $0.template == templateName }
guard !pages.isEmpty else {
    print("no page of \(site.path) uses the template \(templateName)")
    exit(1)
}

var oracle = MustacheLibrary()
for (name, source) in templates.sources { oracle.register(try MustacheTemplate(string: source), named: name) }

func anyValue(_ value: TemplateValue) -> Any {
    switch value {
    case .string(let text): text
    case .int(let number): number
    case .double(let number): number
    case .bool(let flag): flag
    case .list(let values): values.map(anyValue)
    case .map(let values): values.mapValues(anyValue)
    case .null: Optional<String>.none as Any
    case .link(let path): path
    case .links(let text): text.written(after: "")
    }
}
// swift-mustache knows no links: it is given them written after each page's base.
let oracleValues = pages.map { anyValue($0.value.resolvingLinks(after: $0.linkBase)) }

/// Renders pages in turn for about `seconds`; returns pages per second and the bytes written.
func measure(_ render: (Int) -> Int) -> (rate: Double, bytes: Int) {
    let clock = ContinuousClock()
    var rendered = 0
    var bytes = 0
    let start = clock.now
    var elapsed = Duration.zero
    while elapsed < .seconds(seconds) {
        for _ in 0..<50 {
            bytes &+= render(rendered % pages.count)
            rendered += 1
        }
        elapsed = clock.now - start
    }
    let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (Double(rendered) / total, bytes)
}

let engine = measure { index in
    var output: [UInt8] = []
    output.reserveCapacity(16_384)
    templates.render(templateName, pages[index].value, into: &output, linkBase: pages[index].linkBase)
    return output.count
}
let library = measure { index in
    oracle.render(oracleValues[index], withTemplate: templateName)?.utf8.count ?? 0
}
print("template \(templateName), \(pages.count) distinct pages of \(site.lastPathComponent), about \(seconds) s each, one thread")
print(String(format: "TemplateEngine: %9.0f pages/s", engine.rate))
print(String(format: "swift-mustache: %9.0f pages/s", library.rate))
print(String(format: "ratio: %.1f× the pages per second of swift-mustache", engine.rate / library.rate))
