import Foundation

extension MySQLConnection {
    /// Privileges that only read or look: a user with none but these cannot change the server.
    /// `EXECUTE` runs stored functions, which the read-only transaction keeps from writing;
    /// `CALL` is refused unrun.
    static let readingPrivileges: Set<String> = [
        "SELECT", "SHOW VIEW", "USAGE", "SHOW DATABASES", "EXECUTE", "PROCESS", "REPLICATION CLIENT", "BINLOG MONITOR", "SLAVE MONITOR",
        "REPLICA MONITOR",
    ]

    /// A line of `SHOW GRANTS`, as far as reading needs it.
    enum Grant: Equatable {
        /// `GRANT SELECT, INSERT (a) ON db.* TO …`: the privileges, upper-case, without their
        /// columns; the object; and whether `WITH GRANT OPTION` lets the user pass them on.
        case privileges([String], on: String, grantOption: Bool)
        /// `GRANT role TO …`: roles whose privileges the user may take up, as the server wrote
        /// their names.
        case roles([String])
        /// `SET DEFAULT ROLE …` and whatever else is no grant.
        case other
    }

    /// What a line of `SHOW GRANTS` gives. A password's hash (`IDENTIFIED BY PASSWORD '*…'`)
    /// comes after `TO` and is never read.
    static func grant(_ line: String) -> Grant {
        guard line.hasPrefix("GRANT ") else { return .other }
        let text = Array(line.dropFirst(6))
        // The top-level ` ON ` or ` TO `, outside parentheses (column lists) and quotes.
        var depth = 0
        var quote: Character?
        var index = 0
        while index < text.count {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "`" || character == "'" || character == "\"" {
                quote = character
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
            } else if depth == 0, character == " ", index + 4 <= text.count {
                let word = String(text[index..<(index + 4)])
                if word == " ON " || word == " TO " {
                    let names = split(String(text[..<index]))
                    let rest = String(text[(index + 4)...])
                    if word == " TO " { return .roles(names) }
                    let object = rest.components(separatedBy: " TO ").first ?? rest
                    return .privileges(
                        names.map { $0.uppercased() }, on: object, grantOption: rest.contains(" WITH GRANT OPTION"))
                }
            }
            index += 1
        }
        return .other
    }

    /// `SELECT (a, b), INSERT` → `SELECT`, `INSERT`: the list split at its top-level commas,
    /// each without its column list.
    private static func split(_ list: String) -> [String] {
        var names: [String] = []
        var current = ""
        var depth = 0
        for character in list {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                names.append(current)
                current = ""
            default: if depth == 0 { current.append(character) }
            }
        }
        names.append(current)
        return names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Refuses a user that may do more than read, from its grants and those of the roles
    /// granted to it (read as far as the server lets the user see them: what it cannot, refused).
    func checkRole() throws(MySQLError) {
        let advice =
            "connect as a user that may only read (`GRANT SELECT ON reports.* TO …`; see the MySQL page of the docs), "
            + "or set `trusted_role: true` on the connection if every line of the site's SQL is trusted"
        var user = "?"
        var powers: [String] = []
        var who = "CURRENT_USER()"
        do {
            user = try texts("SELECT CURRENT_USER()").first?.first.flatMap { $0 } ?? user
            var pending = ["CURRENT_USER()"]
            var seen: Set<String> = []
            while let next = pending.popLast() {
                who = next
                for line in try texts("SHOW GRANTS FOR \(who)").compactMap({ $0.first ?? nil }) {
                    switch Self.grant(line) {
                    case .privileges(let names, let object, let grantOption):
                        for name in names where !Self.readingPrivileges.contains(name) { powers.append("\(name) on \(object)") }
                        if grantOption { powers.append("GRANT OPTION on \(object)") }
                    case .roles(let roles):
                        for role in roles where seen.insert(role).inserted { pending.append(role) }
                    case .other: break
                    }
                }
            }
        } catch {
            let whose = who == "CURRENT_USER()" ? "the user" : "the role \(who), granted to `\(user)`,"
            throw MySQLError(.role, "could not find out what \(whose) may do besides read (\(error.message)); \(advice)")
        }
        guard powers.isEmpty else {
            let shown = powers.prefix(5).joined(separator: ", ") + (powers.count > 5 ? " and \(powers.count - 5) more" : "")
            throw MySQLError(
                .role,
                "the user `\(user)` may do more than read (\(shown)): SQL run as it could change the server whatever ttsite does; "
                    + advice)
        }
    }
}
