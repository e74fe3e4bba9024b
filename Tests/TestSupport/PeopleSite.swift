/// The site most page tests start from, as an inline text (see `Txtar`): its people come from
/// one file, `Content/data/people.json`, its home page says "Hello.", its clock is Berlin's.
public enum PeopleSite {
    /// `languages` is the config's list (nil: the default, English alone); `config` adds lines
    /// to `ttsite.yml` after `time_zone` (its first line is line 4 with languages, 3 without);
    /// `files` adds files after the people file.
    public static func text(
        _ people: String, title: String, languages: String? = "[en, de]", config: String = "", files: String = ""
    ) -> String {
        let header = ["title: \(title)"] + (languages.map { ["languages: \($0)"] } ?? []) + ["time_zone: Europe/Berlin"]
        return """
            -- ttsite.yml --
            \(header.joined(separator: "\n"))
            \(config)
            people:
              - file: Content/data/people.json
            -- Content/index.md --
            Hello.
            -- Content/data/people.json --
            \(people)
            \(files)
            """
    }
}
