import Foundation

/// The seed's declension rule: maps a count of one component to the word to show and
/// whether to show the number, or to nil when there is nothing to say.
///
/// The count is signed as in the seed: positive for the past, negative for the future,
/// so a rule can choose a grammatical case by direction (German "vor 3 Tagen" and
/// "in 3 Tagen" are dative; Russian "минуту назад" and "через минуту" accusative).
/// It is already rounded (see `Rounding`).
///
///     let days: DeclensionRule = { count in
///         abs(count) == 1 ? ("day", true) : ("days", true)
///     }
public typealias DeclensionRule = @Sendable (Double) -> (word: String, showsNumber: Bool)?

/// A declension rule built from a language's word forms: the plural category of the count
/// picks the form, the sign of the count picks the grammatical case.
public struct Declension: Sendable {
    public var language: Language
    public var component: TimeComponent
    /// The case for positive counts (past) and for negative counts (future).
    public var pastCase: GrammaticalCase
    public var futureCase: GrammaticalCase

    public init(language: Language, component: TimeComponent, pastCase: GrammaticalCase, futureCase: GrammaticalCase) {
        self.language = language
        self.component = component
        self.pastCase = pastCase
        self.futureCase = futureCase
    }

    /// The word and whether to show the number for a signed count, or nil when the
    /// language has no words for this component.
    public func callAsFunction(_ count: Double) -> (word: String, showsNumber: Bool)? {
        let grammaticalCase = count < 0 ? futureCase : pastCase
        return language.word(for: abs(count), of: component, in: grammaticalCase)
    }

    /// This declension as a closure for `IntervalTextConfiguration`.
    public var rule: DeclensionRule? {
        guard language.hasWords(for: component) else { return nil }
        let declension = self
        return { count in declension(count) }
    }
}
