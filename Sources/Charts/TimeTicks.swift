import CivilTime

/// Ticks of a time axis on calendar boundaries, as d3-scale's `scaleTime` chooses them: the
/// interval of the list below nearest to a `count`-th of the domain (seconds … 3 months), or a
/// whole number of years; ticks on its boundaries (a 3-hour interval ticks at 0:00, 3:00 …,
/// a 3-month one at January, April, July and October, weeks on Mondays).
///
/// Times are seconds since 1970 on a wall clock (the caller moves an instant into its time
/// zone first), so that a day is always 86,400 seconds and a tick at midnight is a date.
public enum TimeTicks {
    /// The coarsest boundary a tick sits on, which says how it reads: 2024 (a year), Feb (a
    /// month), Feb 5 (a day), 14:00 (an hour or a minute), 14:00:05 (a second).
    public enum Unit: Int, Comparable, Sendable {
        case second, minute, hour, day, month, year

        public static func < (a: Unit, b: Unit) -> Bool { a.rawValue < b.rawValue }
    }

    public struct Tick: Equatable, Sendable {
        public let seconds: Double
        public let unit: Unit
    }

    enum Interval: Equatable {
        case seconds(Int)
        case days(Int)
        case week
        case months(Int)
        case years(Int)
    }

    static let minute = 60, hour = 3600, day = 86_400
    /// The times that have ticks: within about 300,000 years of 1970.
    public static let limit = 1e13
    /// d3's list, each with its length in seconds (a month as 30 days, a year as 365).
    static let intervals: [(Interval, Double)] = [
        (.seconds(1), 1), (.seconds(5), 5), (.seconds(15), 15), (.seconds(30), 30),
        (.seconds(60), 60), (.seconds(300), 300), (.seconds(900), 900), (.seconds(1800), 1800),
        (.seconds(3600), 3600), (.seconds(10_800), 10_800), (.seconds(21_600), 21_600), (.seconds(43_200), 43_200),
        (.days(1), 86_400), (.days(2), 172_800), (.week, 604_800),
        (.months(1), 2_592_000), (.months(3), 7_776_000), (.years(1), 31_536_000),
    ]

    /// The interval for about `count` ticks from `start` to `stop` (d3's `tickInterval`).
    static func interval(from start: Double, to stop: Double, count: Double) -> Interval {
        let target = abs(stop - start) / max(count, 1)
        let index = intervals.firstIndex { $0.1 > target } ?? intervals.count
        if index == intervals.count {
            let year = 31_536_000.0
            return .years(max(1, Int(Ticks.increment(from: start / year, to: stop / year, count: count))))
        }
        if index == 0 { return .seconds(1) }
        return target / intervals[index - 1].1 < intervals[index].1 / target ? intervals[index - 1].0 : intervals[index].0
    }

    /// About `count` ticks from `start` to `stop` (both included when on a boundary).
    public static func ticks(from start: Double, to stop: Double, count: Double) -> [Tick] {
        let low = min(start, stop)
        let high = max(start, stop)
        guard abs(low) < limit, abs(high) < limit, count > 0 else { return [] }
        var seconds: [Int] = []
        let first = Int(low.rounded(.up))
        let last = Int(high.rounded(.down))
        let firstDay = floorDivide(first + day - 1, day)
        let lastDay = floorDivide(last, day)
        switch interval(from: low, to: high, count: count) {
        case .seconds(let step):
            var tick = floorDivide(first + step - 1, step) * step
            while tick <= last {
                seconds.append(tick)
                tick += step
            }
        case .days(let step):
            for days in firstDay...max(firstDay, lastDay) where days <= lastDay && (CalendarDate(daysSince1970: days).day - 1) % step == 0 {
                seconds.append(days * day)
            }
        case .week:
            // 1970-01-05 was a Monday.
            var days = firstDay + ((4 - firstDay) % 7 + 7) % 7
            while days <= lastDay {
                seconds.append(days * day)
                days += 7
            }
        case .months(let step):
            var date = CalendarDate(daysSince1970: firstDay)
            if date.day != 1 { date = CalendarDate(year: date.year, month: date.month, day: 1)!.adding(months: 1) }
            while date.daysSince1970 <= lastDay {
                if (date.month - 1) % step == 0 { seconds.append(date.daysSince1970 * day) }
                date = date.adding(months: 1)
            }
        case .years(let step):
            let firstDate = CalendarDate(daysSince1970: firstDay)
            var year = firstDate.month == 1 && firstDate.day == 1 ? firstDate.year : firstDate.year + 1
            year = floorDivide(year + step - 1, step) * step
            while let date = CalendarDate(year: year, month: 1, day: 1), date.daysSince1970 <= lastDay {
                seconds.append(date.daysSince1970 * day)
                year += step
            }
        }
        return seconds.map { Tick(seconds: Double($0), unit: unit(of: $0)) }
    }

    /// The coarsest boundary `seconds` sits on.
    public static func unit(of seconds: Int) -> Unit {
        if seconds % minute != 0 { return .second }
        if seconds % hour != 0 { return .minute }
        if ((seconds % day) + day) % day != 0 { return .hour }
        let date = CalendarDate(daysSince1970: floorDivide(seconds, day))
        if date.day != 1 { return .day }
        return date.month == 1 ? .year : .month
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
