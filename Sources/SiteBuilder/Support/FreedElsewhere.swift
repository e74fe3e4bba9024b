import Dispatch

/// Values a build is done with, freed on another thread: freeing tens of thousands of pages,
/// texts or results is milliseconds that the next stage, the summary and the process's exit
/// need not wait for. The value must not be held anywhere else, or it is freed where that
/// last reference goes.
enum FreedElsewhere {
    static func free<Value>(_ value: consuming Value) {
        let held = Held(value)
        DispatchQueue.global(qos: .utility).async { _ = held }
    }

    /// A value on its way to be freed, by the thread that holds it last.
    private final class Held<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: consuming Value) { self.value = value }
    }
}
