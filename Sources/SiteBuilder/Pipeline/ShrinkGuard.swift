import Foundation
import ReportData

/// Refuses a build that would publish a worse site than the one already published: a source
/// that shrank to nothing or by more than `guard.max_shrink` since the last published build (a
/// broken export, an API that answers an empty list), or a build that would remove more than
/// `guard.max_deletes` of the published pages. A nightly build runs with nobody watching, so
/// it fails loudly and keeps the old site; `--allow-shrink` lets one deliberate build through.
struct ShrinkGuard {
    let settings: SiteConfig.ShrinkGuardSettings

    /// Every source against its record count in the last published build of the same output
    /// folder. A source the record does not know (new, or never published) passes.
    func checkSources(_ counts: [SourceCount], publishedBefore entry: PublishLedger.Entry?) throws {
        guard let entry else { return }
        var problems: [String] = []
        for count in counts {
            guard let before = entry.records[count.key], before > 0, count.records < before else { continue }
            let lost = Double(before - count.records) / Double(before)
            if count.records == 0 {
                problems.append(
                    "\(count.source): the source has no \(count.kind.rawValue) now, "
                        + "but the last published build had \(Self.records(before, count.kind))"
                )
            } else if lost > settings.maxShrink {
                problems.append(
                    "\(count.source): the source has \(Self.records(count.records, count.kind)) now, "
                        + "but the last published build had \(before) "
                        + "(\(Self.percent(lost)) fewer; `guard.max_shrink` allows \(Self.percent(settings.maxShrink)))")
            }
        }
        guard !problems.isEmpty else { return }
        throw BuildError(.content, problems.map { $0 + Self.advice }.joined(separator: "\n"))
    }

    /// The pages of the published site that this build would not publish again.
    func checkPages(removed: Int, published: Int, output: URL) throws {
        guard published > 0, removed > 0 else { return }
        let share = Double(removed) / Double(published)
        guard share > settings.maxDeletes else { return }
        throw BuildError(
            .content,
            "this build would remove \(removed) of the \(published) published pages "
                + "(\(Self.percent(share)); `guard.max_deletes` allows \(Self.percent(settings.maxDeletes)))" + Self.advice, in: output.path
        )
    }

    private static let advice = "; the published site is kept. If this is meant, build once with --allow-shrink"

    private static func records(_ number: Int, _ kind: SourceCount.Kind) -> String {
        switch kind {
        case .people: number == 1 ? "1 person" : "\(number) people"
        case .scenarios: number == 1 ? "1 scenario" : "\(number) scenarios"
        case .rows: number == 1 ? "1 row" : "\(number) rows"
        }
    }

    /// A share as a whole percentage, rounded up, so that a share just over a limit of 50 %
    /// reads "51%", never as the limit itself.
    private static func percent(_ share: Double) -> String {
        "\(Int((share * 100 - 1e-9).rounded(.up)))%"
    }
}

/// The HTML pages of a published output folder, by relative path: what the page guard counts.
enum PublishedPages {
    static func paths(in folder: URL) -> [String] {
        FileTree.entries(under: folder.path).compactMap { $0.kind != .folder && $0.path.hasSuffix(".html") ? $0.path : nil }
    }
}
