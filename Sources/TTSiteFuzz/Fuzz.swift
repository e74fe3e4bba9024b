import Foundation
import FuzzTargets

// `ttsite-fuzz`: with `-D FUZZING` and `-sanitize=fuzzer,address` (`scripts/fuzz`), libFuzzer's
// entry points, the target named by TTSITE_FUZZ_TARGET; without, a tool that replays files
// through a target (`ttsite-fuzz json Fuzz/regressions/json/crash-…`).

#if FUZZING
    nonisolated(unsafe) private var target: FuzzTarget?

    /// libFuzzer's driver (compiler-rt), which runs the fuzzing loop with the command line's flags.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The package manager links an executable's entry point under this name.
    @_cdecl("TTSiteFuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
        let name = ProcessInfo.processInfo.environment["TTSITE_FUZZ_TARGET"] ?? ""
        guard let found = FuzzTarget.named(name) else {
            FileHandle.standardError.write(
                Data("ttsite-fuzz: set TTSITE_FUZZ_TARGET to one of \(FuzzTarget.all.map(\.name).joined(separator: ", "))\n".utf8))
            return 2
        }
        target = found
        var count = argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return runDriver(&count, &arguments) { data, size in
            target!.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
            return 0
        }
    }
#else
    @main
    struct Replay {
        static func main() throws {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget.named(name) else {
                print("usage: ttsite-fuzz TARGET FILE…  (targets: \(FuzzTarget.all.map(\.name).joined(separator: ", ")))")
                exit(2)
            }
            for path in arguments.dropFirst() {
                target.run(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
                print("\(path): ok")
            }
        }
    }
#endif
