import CivilTime
import Foundation
import Testing

@testable import Charts

/// A calendar: a year a block of weeks, a column a week and a row a weekday from the week's
/// first day, a cell a day. The days' weekdays and numbers are Python's (`datetime.date`):
/// 2024-01-01 is a Monday, day 19,723 since 1970; 2024-01-07 a Sunday (19,729); 2024-06-30 a
/// Sunday (19,904); 2024-07-01 a Monday (19,905); 2024-12-31 a Tuesday (20,088); 2024-03-03 a
/// Sunday (19,785); 2023-12-31 a Sunday (19,722).
@Suite struct CalendarTests {
    static let newYear = 19_723

    static func chart(_ days: [Int], _ values: [Double?], first: Int = 0) -> Chart {
        var chart = Chart(
            kind: .calendar, domain: .times(days.map { Double($0) * 86_400 }), series: [Chart.Series(name: "n", values: values)])
        chart.week = Chart.Week(first: first)
        chart.timeLabel = { tick in
            let date = CalendarDate(daysSince1970: Int(tick.seconds / 86_400))
            return tick.unit == .year ? String(date.year) : "M\(date.month)"
        }
        return chart
    }

    @Test func aDayStandsInItsWeeksColumnAndItsWeekdaysRow() throws {
        let labels = ["2024", "Mon", "Wed", "Fri"]
        let sunday = CalendarLayout(days: [19_723, 20_088], width: 640, fontSize: 12, firstWeekday: 0, halves: false, labels: labels)
        #expect(sunday.strips.count == 1)
        let strip = sunday.strips[0]
        func place(_ layout: CalendarLayout, _ day: Int, _ strip: CalendarLayout.Strip) -> (column: Int, row: Int) {
            let corner = layout.corner(of: day, in: strip)
            return (Int(((corner.x - layout.left) / layout.cell).rounded()), layout.row(of: day))
        }
        // Weeks from Sunday: Monday Jan 1 is the first column's second row; Sunday Jan 7 opens
        // the second column; Tuesday Dec 31 is 365 days on, (365 + 1) / 7 = column 52, row 2.
        #expect(place(sunday, 19_723, strip) == (0, 1))
        #expect(place(sunday, 19_729, strip) == (1, 0))
        #expect(place(sunday, 20_088, strip) == (52, 2))
        // Weeks from Monday: Jan 1 opens the first column; Dec 31 is 365 / 7 = column 52, row 1.
        let monday = CalendarLayout(days: [19_723, 20_088], width: 640, fontSize: 12, firstWeekday: 1, halves: false, labels: labels)
        #expect(place(monday, 19_723, monday.strips[0]) == (0, 0))
        #expect(place(monday, 20_088, monday.strips[0]) == (52, 1))
        // Halves: Sunday Jun 30 ends the first, (181 + 1) / 7 = column 26, row 0; Monday Jul 1
        // opens the second, column 0, row 1.
        let halves = CalendarLayout(days: [19_723, 20_088], width: 320, fontSize: 12, firstWeekday: 0, halves: true, labels: labels)
        #expect(halves.strips.count == 2)
        #expect(halves.strip(of: 19_904)?.start == 19_723 && halves.strip(of: 19_905)?.start == 19_905)
        #expect(place(halves, 19_904, halves.strips[0]) == (26, 0))
        #expect(place(halves, 19_905, halves.strips[1]) == (0, 1))
        // Each strip below the one before; the frame as tall as its strips.
        #expect(halves.strips[1].y > halves.strips[0].y + 7 * halves.cell)
        #expect(halves.height > halves.strips[1].y + 7 * halves.cell)
        // Every column in the frame: 54 weeks a year in the wide one, 28 a half in the narrow.
        #expect(sunday.left + 54 * sunday.cell <= 640 && halves.left + 28 * halves.cell <= 320)
        // Two years, a block each.
        let two = CalendarLayout(days: [19_722, 19_723], width: 640, fontSize: 12, firstWeekday: 0, halves: false, labels: labels)
        #expect(two.strips.map(\.year) == [2023, 2024])
    }

    @Test func eachDayOfTheYearIsACellAndTheRowsOfOneDayAddUp() throws {
        // Jan 1 twice (2 + 3 = 5) and Mar 3 (10): two days with values, 364 without.
        let chart = Self.chart([19_723, 19_723, 19_785], [2, 3, 10])
        #expect(chart.calendarDays == [19_723: 5, 19_785: 10])
        #expect(chart.heatValues.sorted() == [5, 10])
        let frames = chart.svgs(id: "c", title: "t", summary: "s")
        for (svg, width) in [(frames.wide, 640.0), (frames.narrow, 320.0)] {
            let read = try SVGRead(svg)
            let cells = Self.squares(in: svg, group: #"heat-\d" fill="[^"]*"#)
            let empty = Self.squares(in: svg, group: #"calendar-empty" fill="currentColor" fill-opacity="0.07"#)
            #expect(cells.count == 2 && empty.count == 364, "\(cells.count) \(empty.count)")
            // Every cell inside the frame.
            #expect((cells + empty).allSatisfy { $0.x >= 0 && $0.x + 9 <= width && $0.y >= 0 }, "\(cells + empty)")
            // 5 in the lightest class, 10 in the darkest.
            #expect(svg.contains(##"<g class="heat-0" fill="#ffffcc">"##) && svg.contains(##"<g class="heat-6" fill="#0c2c84">"##))
            // The year once, the months and Mon, Wed, Fri at the left of each strip.
            let labels = read.placedTexts.filter { $0.group == "axis calendar-labels" }.map(\.text)
            #expect(labels.filter { $0 == "2024" }.count == 1)
            #expect(labels.filter { $0.hasPrefix("M") && Int($0.dropFirst()) != nil }.count == 12, "\(labels)")
            #expect(Set(labels.filter { ["Mon", "Wed", "Fri"].contains($0) }).count == 3)
            // Where each row's day is, across and up, for the script: three rows, two on one day.
            let at = try #require(svg.firstMatch(of: /data-at="([^"]*)" data-y="([^"]*)"/))
            let xs = at.output.1.split(separator: " ")
            let ys = at.output.2.split(separator: " ")
            #expect(xs.count == 3 && ys.count == 3 && xs[0] == xs[1] && ys[0] == ys[1])
        }
    }

    /// The top left corners of the squares of the path in the groups whose class starts with
    /// `group`: each square a move (the first absolute, then from the one before) and its sides.
    static func squares(in svg: String, group: String) -> [(x: Double, y: Double)] {
        var corners: [(x: Double, y: Double)] = []
        let paths = try! Regex(#"<g class=""# + group + #""><path d="([^"]*)""#)
        for path in svg.matches(of: paths) {
            var at = (x: 0.0, y: 0.0)
            for move in String(path.output[1].substring!).matches(of: /([Mm])(-?[0-9.]+) (-?[0-9.]+)h/) {
                let (dx, dy) = (Double(move.output.2)!, Double(move.output.3)!)
                at = move.output.1 == "M" ? (dx, dy) : (at.x + dx, at.y + dy)
                corners.append(at)
            }
        }
        return corners
    }

    @Test func rightToLeftTheWeeksRunFromTheRight() throws {
        var chart = Self.chart([19_723], [1])
        let plain = try #require(chart.svg(id: "c", title: "t", summary: "s").firstMatch(of: /data-at="([^"]*)"/))
        chart.mirrored = true
        let mirrored = try #require(chart.svg(id: "c", title: "t", summary: "s").firstMatch(of: /data-at="([^"]*)"/))
        #expect(abs(Double(plain.output.1)! + Double(mirrored.output.1)! - 640) < 0.11)
    }

    @Test func aCalendarsPictureHasItsClassesForALegend() throws {
        var chart = Self.chart([19_723, 19_785], [5, 10])
        chart.valueLabel = { String(Int($0)) }
        let legend = ChartDocument(chart).legend(id: "c")
        #expect(legend.count >= 2 && legend.first?.name.hasPrefix("5") == true, "\(legend.map(\.name))")
    }
}
