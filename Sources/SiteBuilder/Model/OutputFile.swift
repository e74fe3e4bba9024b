/// A file of the output made in memory: where it goes, relative to the output folder, and its
/// bytes. Assets, feeds, data files and what a preview's update replaces are all `OutputFile`s.
struct OutputFile: Sendable {
    let path: String
    let bytes: [UInt8]
}
