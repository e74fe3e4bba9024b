import Pictures

/// Pictures as a server sends them: the format sniffed from the first bytes, then the
/// header libvips reads (format, size, orientation) before any pixel is decoded. And the
/// originals of `Content/` as they are published: their metadata removed segment by segment.
extension FuzzTarget {
    public static let imageHeaders = FuzzTarget("image-headers") { bytes in
        guard case .success = ImageFormat.sniff(bytes) else { return }
        _ = try? processor.header(bytes)
    }

    /// Removal either refuses the bytes or gives a file of the same format from which a second
    /// removal takes nothing more.
    public static let pictureMetadata = FuzzTarget("picture-metadata") { bytes in
        guard let cleaned = try? MetadataRemoval.clean(bytes) else { return }
        precondition(ImageFormat.of(cleaned.bytes) == cleaned.format, "the cleaned file is of another format")
        guard let again = try? MetadataRemoval.clean(cleaned.bytes) else {
            preconditionFailure("the cleaned file cannot be cleaned again")
        }
        precondition(again.removed.isEmpty && again.bytes == cleaned.bytes, "a second removal took \(again.removed)")
    }

    private static let processor = ImageProcessor()
}
