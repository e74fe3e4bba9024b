import CivilTime
import Foundation

/// One value of a table: a cell of a source, or of a query's result.
public enum TableValue: Sendable, Hashable {
    /// An empty cell, a JSON `null`, SQL's NULL.
    case null
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    case date(CalendarDate)
    /// An instant; written in UTC.
    case dateTime(Date)
    case text(String)
}
