import CivilTime

/// A calendar laid out in one frame: each year of the data a block of weeks, a column a week
/// and a row a weekday (from the language's first day of the week), a cell a day coloured by
/// its value's class (`HeatScale`), as GitHub draws a year of contributions. The wide frame
/// draws a year in one strip of up to 54 weeks; a phone's, in two (January to June, July to
/// December), so that a day's cell stays about as wide as a line of text is high. The year
/// stands at the left of its months' names, the weekdays' names at every other row.
struct CalendarLayout {
    /// A strip of a year's days: from `start` up to `end` (days since 1970), its first
    /// column at `y`.
    struct Strip {
        let year: Int
        let start: Int
        let end: Int
        let y: Double
    }

    let strips: [Strip]
    let cell: Double
    /// Where the weeks start: after the weekdays' names.
    let left: Double
    let fontSize: Double
    /// 0 = Sunday … 6 = Saturday.
    let firstWeekday: Int
    let height: Double

    /// The strips of `days`' years in a frame `width` wide: one a year, or two where
    /// `halves`. `labels` are the texts at the left (the weekdays' names, the years).
    init(days: [Int], width: Double, fontSize: Double, firstWeekday: Int, halves: Bool, labels: [String]) {
        self.fontSize = fontSize
        self.firstWeekday = firstWeekday
        left = (labels.map { AxisLabels.width($0, size: fontSize) }.max() ?? 0) + 6
        // Up to 54 columns a year (a leap year that starts on its week's last day), 28 a half.
        cell = (width - left - 2) / (halves ? 28 : 54)
        // The last `Chart.calendarYears` years of the days, a block each.
        let last = days.max().map { CalendarDate(daysSince1970: $0).year }
        let first = days.min().map { max(CalendarDate(daysSince1970: $0).year, last! - Chart.calendarYears + 1) }
        let years = first.map { Array($0...last!) } ?? []
        let band = fontSize + 4 + 7 * cell + fontSize * 0.75
        var strips: [Strip] = []
        for year in years {
            let first = CalendarDate(year: year, month: 1, day: 1)!.daysSince1970
            let next = CalendarDate(year: year + 1, month: 1, day: 1)!.daysSince1970
            let bounds =
                halves
                ? [
                    (first, CalendarDate(year: year, month: 7, day: 1)!.daysSince1970),
                    (CalendarDate(year: year, month: 7, day: 1)!.daysSince1970, next),
                ] : [(first, next)]
            for (start, end) in bounds { strips.append(Strip(year: year, start: start, end: end, y: 2 + Double(strips.count) * band)) }
        }
        self.strips = strips
        height = 2 + Double(max(strips.count, 1)) * band
    }

    /// The row of a day: its weekday counted from the week's first.
    func row(of day: Int) -> Int {
        (CalendarDate(daysSince1970: day).weekday - firstWeekday + 7) % 7
    }

    /// The strip that holds `day`, if any.
    func strip(of day: Int) -> Strip? {
        strips.first { $0.start <= day && day < $0.end }
    }

    /// The top left corner of `day`'s cell in `strip`.
    func corner(of day: Int, in strip: Strip) -> (x: Double, y: Double) {
        let column = (day - strip.start + row(of: strip.start)) / 7
        return (left + Double(column) * cell, strip.y + fontSize + 4 + Double(row(of: day)) * cell)
    }
}

extension Chart {
    /// A calendar's week: the day it starts on (0 = Sunday … 6 = Saturday) and the weekdays'
    /// short names from Sunday on, in the page's language.
    public struct Week: Sendable {
        public var first: Int
        public var names: [String]

        public init(first: Int = 1, names: [String] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]) {
            self.first = first
            self.names = names
        }
    }

    /// A calendar's value of each day (days since 1970): the values of the rows of one day
    /// added up.
    public var calendarDays: [Int: Double] {
        guard case .times(let seconds) = domain, let values = series.first?.values else { return [:] }
        var days: [Int: Double] = [:]
        for (index, time) in seconds.enumerated() {
            guard let day = Self.day(of: time), let value = values[safe: index] ?? nil, value.isFinite else { continue }
            days[day, default: 0] += value
        }
        return days
    }

    /// How many years a calendar draws at most, a block each: the last of its days'.
    public static let calendarYears = 20

    /// The day of a time on a wall clock (seconds since 1970); nil for none a calendar can
    /// name (not finite, or beyond `TimeTicks.limit`).
    public static func day(of seconds: Double) -> Int? {
        guard seconds.isFinite, abs(seconds) < TimeTicks.limit else { return nil }
        return Int((seconds / 86_400).rounded(.down))
    }
}

extension ChartDrawing {
    /// A calendar's layout in `frame`: two strips a year on a narrow one.
    static func calendarLayout(of chart: Chart, frame: Chart.Frame) -> CalendarLayout {
        let fontSize = frame.fontSize
        var days: [Int] = []
        if case .times(let seconds) = chart.domain { days = seconds.compactMap(Chart.day(of:)) }
        let years = Set(days.map { CalendarDate(daysSince1970: $0).year }).map {
            chart.timeLabel(TimeTicks.Tick(seconds: Double(CalendarDate(year: $0, month: 1, day: 1)!.daysSince1970) * 86_400, unit: .year))
        }
        return CalendarLayout(
            days: days, width: frame.width, fontSize: fontSize, firstWeekday: chart.week.first, halves: frame.width < 480,
            labels: years + Self.shownWeekdays.map { chart.week.names[safe: $0] ?? "" })
    }

    /// The weekdays named at the left, a row apart: Monday, Wednesday and Friday, as GitHub
    /// names them, on whichever rows the week's first day puts them.
    static let shownWeekdays = [1, 3, 5]

    /// The calendar: each strip's year, months' and weekdays' names, and its days' cells, a
    /// group a colour; days of the year without a value as faint cells.
    mutating func drawCalendar(_ layout: CalendarLayout) {
        let days = chart.calendarDays
        let scale = HeatScale(Array(days.values))
        let gap = max(1, layout.cell * 0.15)
        out.raw(#"<g class="axis calendar-labels">"#)
        for strip in layout.strips {
            let labelY = strip.y + fontSize
            if strip.start == CalendarDate(year: strip.year, month: 1, day: 1)!.daysSince1970 {
                text(
                    chart.timeLabel(TimeTicks.Tick(seconds: Double(strip.start) * 86_400, unit: .year)), x: 0, y: labelY, anchor: "start",
                    className: "calendar-year")
            }
            // Each month's name over the week of its first day, where it has room.
            var free = layout.left
            var month = CalendarDate(daysSince1970: strip.start)
            while month.daysSince1970 < strip.end {
                let x = layout.corner(of: month.daysSince1970, in: strip).x + (layout.row(of: month.daysSince1970) == 0 ? 0 : layout.cell)
                let name = chart.timeLabel(TimeTicks.Tick(seconds: Double(month.daysSince1970) * 86_400, unit: .month))
                let width = AxisLabels.width(name, size: fontSize)
                if x >= free && x + width <= frame.width {
                    text(name, x: x, y: labelY, anchor: "start")
                    free = x + width + 4
                }
                month =
                    month.month == 12
                    ? CalendarDate(year: month.year + 1, month: 1, day: 1)!
                    : CalendarDate(year: month.year, month: month.month + 1, day: 1)!
            }
            for weekday in Self.shownWeekdays {
                let row = (weekday - chart.week.first + 7) % 7
                text(
                    chart.week.names[safe: weekday] ?? "", x: layout.left - 4,
                    y: strip.y + fontSize + 4 + (Double(row) + 0.5) * layout.cell + fontSize * 0.35, anchor: "end")
            }
        }
        out.raw("</g>")
        var empty: [(Double, Double)] = []
        var cells: [[(Double, Double)]] = Array(repeating: [], count: scale?.classes ?? 0)
        for strip in layout.strips {
            for day in strip.start..<strip.end {
                let corner = layout.corner(of: day, in: strip)
                if let value = days[day], let scale { cells[scale.index(of: value)].append(corner) } else { empty.append(corner) }
            }
        }
        // A path of squares a colour: a year's 366 cells as rects would weigh three times as much.
        out.raw(#"<g class="calendar-empty" fill="currentColor" fill-opacity="0.07">"#)
        out.squares(empty, side: layout.cell - gap)
        out.raw(#"</g><g class="heat-cells">"#)
        for (index, places) in cells.enumerated() where !places.isEmpty {
            out.heatFill(scale!, index)
            out.squares(places, side: layout.cell - gap)
            out.raw("</g>")
        }
        out.raw("</g>")
        drawCalendarPoints(layout, gap: gap)
    }

    /// Where each row's day is, across and up, for the script that shows exact values: every
    /// frame its own (a phone's cells are not the wide frame's, scaled).
    mutating func drawCalendarPoints(_ layout: CalendarLayout, gap: Double) {
        guard case .times(let seconds) = chart.domain else { return }
        let centres = seconds.map { time -> (Double, Double)? in
            guard let day = Chart.day(of: time), let strip = layout.strip(of: day) else { return nil }
            let corner = layout.corner(of: day, in: strip)
            let middle = (layout.cell - gap) / 2
            return (out.mirrored ? frame.width - corner.x - middle : corner.x + middle, corner.y + middle)
        }
        out.raw(#"<g class="chart-points" data-axis="x" data-cells="" data-at=""#)
        for (index, centre) in centres.enumerated() {
            if index > 0 { out.bytes.append(UInt8(ascii: " ")) }
            if let centre { out.number(centre.0) } else { out.raw("-") }
        }
        out.raw(#"" data-y=""#)
        for (index, centre) in centres.enumerated() {
            if index > 0 { out.bytes.append(UInt8(ascii: " ")) }
            if let centre { out.number(centre.1) } else { out.raw("-") }
        }
        out.raw(#""/>"#)
    }
}

extension SVGWriter {
    /// Squares of `side` with their top left corners at `corners`, as one path: each a move
    /// from the corner before (to a tenth of a unit), then its sides. Mirrored, each square's
    /// corner is its mirror image's.
    mutating func squares(_ corners: [(x: Double, y: Double)], side: Double) {
        let length = Polyline.tenths(side)
        var previous: (x: Int, y: Int)?
        raw(#"<path d=""#)
        for corner in corners {
            let x = Polyline.tenths(mirrored ? width - corner.x - side : corner.x)
            let y = Polyline.tenths(corner.y)
            let (dx, dy) = previous.map { (x - $0.x, y - $0.y) } ?? (x, y)
            bytes.append(UInt8(ascii: previous == nil ? "M" : "m"))
            Polyline.appendTenths(dx, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            Polyline.appendTenths(dy, to: &bytes)
            bytes.append(UInt8(ascii: "h"))
            Polyline.appendTenths(length, to: &bytes)
            bytes.append(UInt8(ascii: "v"))
            Polyline.appendTenths(length, to: &bytes)
            bytes.append(UInt8(ascii: "h"))
            Polyline.appendTenths(-length, to: &bytes)
            bytes.append(UInt8(ascii: "z"))
            previous = (x, y)
        }
        raw(#""/>"#)
    }
}
