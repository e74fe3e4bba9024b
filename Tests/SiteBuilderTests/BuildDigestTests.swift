import TemplateEngine
import Testing

@testable import SiteBuilder

/// Digests are kept as four words and written as hex: the same digest either way. The
/// SHA-256 of "abc" is FIPS 180-2's first example.
struct BuildDigestTests {
    static let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    @Test func hexReadsBackAsTheSameDigest() {
        let digest = BuildDigest(hex: Self.abc)
        #expect(digest.hex == Self.abc)
        #expect(BuildDigest(hex: Self.abc.uppercased()) == digest)
        #expect(BuildDigest(hex: Self.abc).hashValue == digest.hashValue)
        #expect(BuildDigest(hex: String(Self.abc.dropLast()) + "0") != digest)
    }

    @Test func whatIsNotADigestEqualsNoDigestABuildMakes() {
        for text in ["", "xyz", String(Self.abc.dropLast()), String(Self.abc.dropLast()) + "g"] {
            #expect(BuildDigest(hex: text).hex == "")
            #expect(BuildDigest(hex: text) != BuildDigest(hex: Self.abc))
        }
    }

    /// The 32 bytes SHA-256 gives, as the hasher's `finish` hands them over.
    @Test func bytesAreWrittenInOrder() {
        let bytes: [UInt8] = [
            0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
            0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
        ]
        #expect(BuildDigest(bytes: bytes).hex == Self.abc)
    }

    /// The stream the hasher documents, each value its kind, its length (8 bytes, little
    /// endian) and its bytes, a map's keys sorted, through values shorter and longer than
    /// what it gathers before each SHA-256 call, 16,525 bytes in all. The digest was worked
    /// out by Python's hashlib over the same stream written out by hand.
    @Test func theHasherDigestsTheStreamItDocuments() {
        let digest = BuildDigest { hasher in
            hasher.add("ab")
            hasher.add(3)
            hasher.add(-2)
            hasher.add(true)
            hasher.add(false)
            hasher.add(TemplateValue.map(["b": .int(1), "a": .string("x")]))
            hasher.add(TemplateValue.list([.null, .double(2.5)]))
            hasher.add(String(repeating: "x", count: 5000))
            for _ in 0..<600 { hasher.add("0123456789") }
            hasher.add("é – Ж")
        }
        #expect(digest.hex == "174d34feb2bea0c6caccc1b302fe5650e95382eaaa41917fcba8e912752a5914")
    }
}
