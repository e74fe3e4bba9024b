import Foundation

/// Polls `condition` every 5 ms until it holds, for at most `limit` seconds. The limit only
/// keeps a broken test from hanging; no test asserts how long anything took.
///
/// It blocks: call it in `offThePool`, together with what must happen the moment the condition
/// holds (a signal, a second build). A test that awaited it on the concurrency pool could resume
/// seconds later on a busy machine, when the moment has passed.
@discardableResult
func waitUntil(limit: Double = 120, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(limit)
    while !condition() {
        if Date() > deadline { return false }
        usleep(5_000)
    }
    return true
}

/// Names in `folder` that a build leaves only when something went wrong.
func leftovers(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.contains(".staging-") || $0.contains(".old-") }
}
