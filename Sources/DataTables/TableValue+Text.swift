import Foundation
import ValueTransformers

extension TableValue {
    /// The value as plain text, the same in every language: integers and reals as Swift
    /// writes them, `true`/`false`, dates as `YYYY-MM-DD`, instants in ISO 8601 UTC as the
    /// database stores them (`SQLText.instant`, with the fraction they hold), NULL as empty.
    /// What a URL's slug, a CSV download and a key of links are made from; pages show
    /// values through a language's formats.
    public var plainText: String {
        switch self {
        case .null: ""
        case .integer(let number): String(number)
        case .real(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .boolean(let flag): flag ? "true" : "false"
        case .date(let date): date.description
        case .dateTime(let instant): SQLText.instant(instant)
        case .text(let text): text
        }
    }
}
