import TemplateEngine

/// An input on the page that shows one of its variants (`block-input.mustache`): its label
/// and its options, each a link to the variant that chooses it and keeps the other inputs'
/// choices. Without the page's script that is the input: a reader follows a link to the page
/// of the answer. The script draws it as its kind (a drop-down or buttons) and swaps the
/// blocks that change in place.
struct InputBlockView: TemplateView {
    struct Option: TemplateView {
        let text: String
        /// The option as a query reads it, for the script's `?continent=Asia`; empty for the
        /// option of everything (`all=`).
        let value: String
        @LinkPath var href: String
        let current: Bool
    }

    let name: String
    let label: String
    let kind: String
    let options: [Option]

    /// The input at `index` of `variant`, its options leading to the variants that choose them.
    init(_ variant: PageVariant, input index: Int) {
        let input = variant.inputs[index]
        name = input.name
        label = input.label
        kind = input.kind.rawValue
        options = input.options.enumerated().map { number, option in
            Option(
                text: option.text, value: option.value == .null ? "" : option.value.plainText,
                href: Routes.file(variant.urlPath(choosing: number, of: index)), current: variant.chosen[index] == number)
        }
    }
}
