import Pictures

/// Pictures as a server sends them: the format sniffed from the first bytes, then the
/// header libvips reads (format, size, orientation) before any pixel is decoded.
extension FuzzTarget {
    public static let imageHeaders = FuzzTarget("image-headers") { bytes in
        guard case .success = ImageFormat.sniff(bytes) else { return }
        _ = try? processor.header(bytes)
    }

    private static let processor = ImageProcessor()
}
