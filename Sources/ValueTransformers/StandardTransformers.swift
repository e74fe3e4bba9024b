import Foundation

extension CompoundTransformer {
    /// The date reader for inputs from APIs one does not control, tried in this order:
    /// ISO 8601 (with or without fraction and zone, `T` or space, date-only), UNIX time in
    /// seconds (number or numeric string), RFC 1123, RFC 850, asctime, then `formats`
    /// (UTS #35 patterns such as `dd.MM.yyyy`, e.g. `date_formats` from `ttsite.yml`).
    ///
    /// Ask it for `Date.self`, or for `WrittenDate.self` to get the fields as written.
    /// - Parameters:
    ///   - zoneless: how a date written without a zone is read.
    ///   - now: the instant two-digit years are judged from; nil means the clock.
    /// - Throws: when a format is not a supported pattern.
    public static func dates(
        formats: [String] = [], zoneless: ZonelessDates = .utc, now: Date? = nil
    ) throws(DateTextError) -> CompoundTransformer {
        var members: [any ValueTransforming] = [
            DateTransformer(ISO8601DateParser(), zoneless: zoneless),
            UNIXTimeTransformer(),
            DateTransformer(HTTPDateParser(.rfc1123, now: now), zoneless: zoneless),
            DateTransformer(HTTPDateParser(.rfc850, now: now), zoneless: zoneless),
            DateTransformer(HTTPDateParser(.asctime, now: now), zoneless: zoneless),
        ]
        for format in formats {
            members.append(DateTransformer(try DatePattern(format, now: now), zoneless: zoneless))
        }
        return CompoundTransformer(name: "date", members)
    }

    /// Every built-in transformer in one compound, in an order where the specific wins over
    /// the general: null, dates, URL, decimal, number, Boolean, collections, string form.
    public static func standard(zoneless: ZonelessDates = .utc) -> CompoundTransformer {
        CompoundTransformer(
            name: "standard",
            [
                NullTransformer(),
                DateTransformer(ISO8601DateParser(), zoneless: zoneless),
                UNIXTimeTransformer(),
                DateTransformer(HTTPDateParser(.rfc1123), zoneless: zoneless),
                DateTransformer(HTTPDateParser(.rfc850), zoneless: zoneless),
                DateTransformer(HTTPDateParser(.asctime), zoneless: zoneless),
                URLTransformer(),
                DecimalTransformer(),
                NumberTransformer(),
                BooleanTransformer(),
                CollectionTransformer(),
                SingleValueToCollectionTransformer(),
                StringFormTransformer(),
            ])
    }
}
