import DataTables

/// A reader's choice on a page: an input block (```` ```ttsite input name=continent … ````) and
/// its options, made once a page from its block and the query that lists them
/// (`PageInputs`). Queries read the chosen option as the parameter `:name`.
public struct PageInput: Sendable, Equatable {
    /// How the input is drawn once the page's script runs; without it, both are a list of links.
    public enum Kind: String, Sendable, Equatable {
        /// A drop-down, for many options.
        case select
        /// A group of buttons, for a few.
        case buttons
    }

    /// One option: what the reader sees, what the queries are given, and its part of the
    /// variant's address.
    public struct Option: Sendable, Equatable {
        /// The value in the page's language (`1,952` is not how a year reads: a column's
        /// format is the one its name and values give, as in a table), or `all=`'s words.
        public let text: String
        /// What `:name` is bound to: NULL for the option of everything (`all=`).
        public let value: TableValue
        /// The option in the variant's address: `asia`, `2007`, `all`; unique among the
        /// input's options, and the same in every language (made from the value, not its text).
        public let slug: String
    }

    /// The parameter its queries read (`:continent`), and its part of a variant's address.
    public let name: String
    public let label: String
    public let kind: Kind
    public let options: [Option]
    /// The option the base page shows.
    public let defaultOption: Int
    /// The line of the page's file that the block's fence is on.
    public let line: Int
}

/// One combination of a page's inputs' options: the page that shows it. The base page is the
/// combination of every input's default; each other combination is a page of its own below
/// it, at the inputs that differ and their options (`gapminder/continent/asia/year/1952/`),
/// so that a reader without the script, a search engine and `file://` reach every answer.
/// A class: every page holds room for one, and a reference is a word where the values are
/// seven (200,000 pages of a data site would carry 11 MB of empty room).
public final class PageVariant: Sendable {
    /// The page's inputs, in the page's order: the same for all its variants.
    public let inputs: [PageInput]
    /// The option chosen of each input, by position.
    public let chosen: [Int]
    /// The base page's URL path and translation key: the variant's are below them.
    public let basePath: String
    public let baseKey: String
    /// The queries of the page that read an input, and so differ between variants: only the
    /// blocks that show them change when a reader chooses.
    public let varying: Set<String>

    init(inputs: [PageInput], chosen: [Int], basePath: String, baseKey: String, varying: Set<String>) {
        self.inputs = inputs
        self.chosen = chosen
        self.basePath = basePath
        self.baseKey = baseKey
        self.varying = varying
    }

    /// Whether this is the base page: every input at its default.
    public var isBase: Bool {
        zip(inputs, chosen).allSatisfy { $0.defaultOption == $1 }
    }

    /// What `:name` is bound to, if an input is called `name`.
    public func binding(_ name: String) -> TableValue? {
        guard let index = inputs.firstIndex(where: { $0.name == name }) else { return nil }
        return inputs[index].options[chosen[index]].value
    }

    /// The variant with `chosen`, made from the same inputs.
    func choosing(_ chosen: [Int]) -> PageVariant {
        PageVariant(inputs: inputs, chosen: chosen, basePath: basePath, baseKey: baseKey, varying: varying)
    }

    /// The part of the address below the base page's: each input not at its default, and its
    /// option (`continent/asia/`); empty for the base page.
    var pathPart: String {
        var part = ""
        for (input, choice) in zip(inputs, chosen) where choice != input.defaultOption {
            part += input.name + "/" + input.options[choice].slug + "/"
        }
        return part
    }

    /// Every input and its option, defaults too (`continent/asia/year/2007`): what a variant's
    /// translation key adds to its page's.
    var answerKey: String {
        zip(inputs, chosen).map { input, choice in input.name + "/" + input.options[choice].slug }.joined(separator: "/")
    }

    /// What the page's title says after its own: the options of the inputs not at their
    /// default (`Asia, 1952`); nil for the base page.
    var titleSuffix: String? {
        let shown = zip(inputs, chosen).compactMap { input, choice in
            choice == input.defaultOption ? nil : input.options[choice].text
        }
        return shown.isEmpty ? nil : shown.joined(separator: ", ")
    }

    /// The URL path of the variant that chooses `option` of the input at `input` and keeps
    /// every other choice.
    func urlPath(choosing option: Int, of input: Int) -> String {
        var chosen = chosen
        chosen[input] = option
        return basePath + choosing(chosen).pathPart
    }
}
