import CSQLite
import Foundation

extension SQLDatabase {
    /// Makes every table of the SQLite database `file` readable as `schema.table`.
    ///
    /// The file is opened read-only and immutable (`file:…?mode=ro&immutable=1`): SQLite
    /// takes no locks on it and writes nothing next to it (no journal, no `-shm`), so the
    /// file's bytes and modification time stay as they were. Immutable also means SQLite
    /// ignores a `-wal` or `-journal` file beside it: a database in WAL mode with changes
    /// still in its WAL file is refused, not read without them, and so is one with a hot
    /// rollback journal (changes never committed, in the file), not read with them. Nothing else may write the file during the
    /// build; for a build that reads it once, that is the file as it was.
    public func attach(file: URL, as schema: String) throws(SQLError) {
        try withLock { () throws(SQLError) in
            try checkNewSchema(schema)
            let path = file.path
            try Self.checkDatabaseFile(path)
            let uri = "file:" + Self.percentEncoded(path) + "?mode=ro&immutable=1"
            do throws(SQLError) {
                try attachFile(uri: uri, as: schema)
            } catch  where error.kind == .file {
                throw SQLError(.file, "could not read `\(path)` as a SQLite database: \(error.message)")
            }
            attachments.append((schema, uri))
            // ATTACH reads the schema; a query over it reads every page it needs, and a
            // damaged file says so then, with the query.
        }
    }

    /// Attaches the database at `uri` as `schema` (under the lock, or while the connection
    /// is being made); a file SQLite cannot read is a `.file` error with SQLite's words. A
    /// statement prepared before may name the new schema's tables: the prepared queries are
    /// let go.
    func attachFile(uri: String, as schema: String) throws(SQLError) {
        statements.removeAll()
        guard let attach = try prepare("ATTACH DATABASE ?1 AS \(quotedIdentifier(schema))") else { return }
        attach.bind(.text(uri), at: 1)
        guard sqlite3_step(attach.handle) == SQLITE_DONE else { throw SQLError(.file, lastError().message) }
    }

    private func checkNewSchema(_ schema: String) throws(SQLError) {
        guard !schema.isEmpty, !schema.contains("\0") else {
            throw SQLError(.name, "a schema name cannot be empty or hold a NUL character")
        }
        guard !["main", "temp"].contains(schema.lowercased()) else {
            throw SQLError(.name, "the schema name `\(schema)` is SQLite's own: choose another")
        }
        if try schemas().contains(where: { $0.caseInsensitiveCompare(schema) == .orderedSame }) {
            throw SQLError(.name, "the schema name `\(schema)` is already used by another attached file")
        }
    }

    /// The attached schemas' names, in the order they were attached.
    func schemas() throws(SQLError) -> [String] {
        guard let list = try prepare("SELECT name FROM pragma_database_list WHERE name NOT IN ('main', 'temp') ORDER BY seq") else {
            return []
        }
        var names: [String] = []
        while sqlite3_step(list.handle) == SQLITE_ROW { names.append(list.text(0) ?? "") }
        return names
    }

    /// A readable file that starts as every SQLite database does, with no uncommitted changes
    /// in it (a hot rollback journal beside it) and none waiting in a WAL file.
    static func checkDatabaseFile(_ path: String) throws(SQLError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw SQLError(.file, "there is no file `\(path)`")
        }
        guard !isFolder.boolValue else { throw SQLError(.file, "`\(path)` is a folder, not a SQLite database") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw SQLError(.file, "`\(path)` cannot be read") }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        guard header.starts(with: Array("SQLite format 3\0".utf8)) else {
            let what = header.isEmpty ? "it is empty" : "it does not start with \"SQLite format 3\""
            throw SQLError(.file, "`\(path)` is not a SQLite database: \(what)")
        }
        // A rollback journal that starts with its magic number is hot: a program is writing
        // the file, or died while writing it, and the file holds changes that were never
        // committed. SQLite would roll them back on opening; immutable, it reads them as data.
        let journal = path + "-journal"
        if let reader = FileHandle(forReadingAtPath: journal) {
            let start = (try? reader.read(upToCount: 8)) ?? Data()
            try? reader.close()
            if start.elementsEqual([0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]) {
                throw SQLError(
                    .file,
                    "`\(path)` has changes that were never committed, and `\(journal)` holds what undoes them: a program is writing it, "
                        + "or stopped while writing it; let it finish, or open the file once with `sqlite3` (which rolls the changes back)"
                )
            }
        }
        // Bytes 18 and 19 are the read and write versions: 2 means WAL mode.
        if header.count >= 20, header[header.startIndex + 18] == 2 {
            let wal = path + "-wal"
            let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
            if size > 0 {
                throw SQLError(
                    .file,
                    "`\(path)` has changes in `\(wal)` not yet written into it; close the program that writes it, "
                        + "or run `PRAGMA wal_checkpoint(TRUNCATE)` on it"
                )
            }
        }
    }

    /// A path as the path of a `file:` URI: every byte but letters, digits and `/._~-` as %XX.
    static func percentEncoded(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "-"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                text += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return text
    }
}
