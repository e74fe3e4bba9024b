import Foundation
import FuzzTargets
import Testing

/// Every committed seed and every input a fuzzing run saved (`Fuzz/regressions/<target>/`:
/// crashes, timeouts, leaks) goes through its target again on every test run: a finding,
/// once fixed, stays fixed.
@Suite struct FuzzReplayTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func files(_ kind: String, of target: String) -> [URL] {
        let folder = fuzzFolder.appendingPathComponent(kind).appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func seedsAndFindingsPassThrough(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let seeds = Self.files("seeds", of: name)
        #expect(seeds.count >= 3, "\(name): the fuzzer starts from the committed seeds; there are \(seeds.count)")
        for file in seeds + Self.files("regressions", of: name) {
            target.run(Array(try Data(contentsOf: file)))
        }
    }

    @Test func everyTargetHasASeedFolderAndNoOtherFolderIsThere() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fuzzFolder.appendingPathComponent("seeds").path)
        #expect(Set(folders.filter { !$0.hasPrefix(".") }) == Set(FuzzTarget.all.map(\.name)))
    }
}
