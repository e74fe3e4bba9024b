import Foundation

/// A time zone's offset from UTC at an instant, as `TimeZone.secondsFromGMT(for:)` says it,
/// remembered by day: a timeline asks for thousands of instants, and each answer from
/// Foundation costs a lock and a walk of ICU's rules (a tenth of a data site's build).
/// A day whose first and last second have the same offset has it throughout (no zone
/// changes its offset twice in a day); a day with a change is asked about instant by instant.
///
/// Each thread remembers its own days: render workers ask all the time, and one shared
/// memory behind a lock cost as much as Foundation did, in waiting.
enum ZoneOffsets {
    static func seconds(of timeZone: TimeZone, at instant: Double) -> Int {
        let identifier = timeZone.identifier
        if identifier == "UTC" || identifier == "GMT" { return 0 }
        let day = Int((instant / 86_400).rounded(.down))
        let memory = Memory.ofThisThread
        let zone =
            memory.zones.firstIndex { $0.identifier == identifier }
            ?? {
                memory.zones.append((identifier, [:]))
                return memory.zones.count - 1
            }()
        if let known = memory.zones[zone].offsets[day] { return known }
        let start = Double(day) * 86_400
        let first = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: start))
        let last = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: start + 86_399))
        guard first == last else { return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: instant)) }
        memory.zones[zone].offsets[day] = first
        return first
    }

    /// The days one thread has asked about, by zone (a build asks about one or two).
    private final class Memory {
        var zones: [(identifier: String, offsets: [Int: Int])] = []

        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key) { pointer in
                if let pointer { Unmanaged<Memory>.fromOpaque(pointer).release() }
            }
            return key
        }()

        static var ofThisThread: Memory {
            if let pointer = pthread_getspecific(key) { return Unmanaged<Memory>.fromOpaque(pointer).takeUnretainedValue() }
            let memory = Memory()
            pthread_setspecific(key, Unmanaged.passRetained(memory).toOpaque())
            return memory
        }
    }
}
