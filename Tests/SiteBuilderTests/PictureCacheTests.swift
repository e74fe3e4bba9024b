import Foundation
import Pictures
import Testing

@testable import SiteBuilder

/// The picture index's text: what is written reads back the same, and what is damaged is
/// left out rather than misread.
@Suite struct PictureCacheTests {
    static let index: PictureCache.Index = {
        var index = PictureCache.Index()
        index.pictures["0123456789abcdef-fedcba9876543210"] = ProcessedPicture(files: [
            .init(name: "aaaaaaaaaaaaaaaa.webp", width: 64, height: 64, format: .webp, bytes: 812),
            .init(name: "bbbbbbbbbbbbbbbb.jpg", width: 128, height: 128, format: .jpeg, bytes: 3051),
        ])
        index.pictures["1111111111111111-fedcba9876543210"] = ProcessedPicture(files: [
            .init(name: "cccccccccccccccc.webp", width: 480, height: 361, format: .webp, bytes: 20_113)
        ])
        index.sources["https://randomuser.me/api/portraits/men/1.jpg"] = .init(hash: "0123456789abcdef", checked: 1_795_334_400.25)
        index.sources["http://127.0.0.1:8080/a b?x=1"] = .init(hash: "1111111111111111", checked: 0)
        index.failures["https://example.org/gone.jpg"] = .init(reason: "HTTP 404 Not Found", checked: 1_795_334_400, retry: 1_795_939_200)
        index.unreachable["randomuser.me"] = .init(
            reason: "the server's name could not be found (3 attempts)", since: 1_795_334_400,
            until: 1_795_335_000, times: 2)
        return index
    }()

    @Test func whatIsWrittenReadsBackTheSame() {
        #expect(PictureCache.Index(text: Self.index.text) == Self.index)
        #expect(
            Self.index.text.hasPrefix(
                "ttsite picture index 1\nP 0123456789abcdef-fedcba9876543210\t"
                    + "aaaaaaaaaaaaaaaa.webp 64 64 812\tbbbbbbbbbbbbbbbb.jpg 128 128 3051\n"
            ))
    }

    @Test func aDamagedLineIsLeftOut() {
        let text = Self.index.text
            .replacingOccurrences(of: "cccccccccccccccc.webp 480 361 20113", with: "cccccccccccccccc.webp 480 x 20113")
            .replacingOccurrences(of: "\t0123456789abcdef\t1795334400.25", with: "\t0123456789abcdef\tsoon")
        let read = PictureCache.Index(text: text)
        #expect(read.pictures.keys.sorted() == ["0123456789abcdef-fedcba9876543210"])
        #expect(read.sources.keys.sorted() == ["http://127.0.0.1:8080/a b?x=1"])
    }

    @Test func aReasonIsOneField() {
        var index = Self.index
        index.failures["https://example.org/x.jpg"] = .init(reason: "a\tb\nc", checked: 1, retry: 2)
        #expect(PictureCache.Index(text: index.text).failures["https://example.org/x.jpg"]?.reason == "a b c")
    }

    /// Five minutes, doubled with each build in a row that finds the host so, an hour at most.
    @Test(arguments: [(1, 300.0), (2, 600), (3, 1_200), (4, 2_400), (5, 3_600), (9, 3_600), (0, 300)])
    func anUnreachableHostIsLeftAloneLongerEachTime(times: Int, seconds: Double) {
        #expect(PictureCache.Unreachable.backoff(times: times) == seconds)
    }

    @Test func anotherVersionIsNotRead() {
        let text = Self.index.text.replacingOccurrences(of: "ttsite picture index 1", with: "ttsite picture index 2")
        #expect(PictureCache.Index(text: text) == PictureCache.Index())
        #expect(PictureCache.Index(text: "") == PictureCache.Index())
    }
}
