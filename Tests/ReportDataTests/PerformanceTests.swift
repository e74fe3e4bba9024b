import Foundation
import ReportData
import Testing

@Suite struct PerformanceTests {
    /// 10 000 people in the 1.4 shape with every private field a real response has.
    static func document(count: Int) -> Data {
        var text = #"{"results":["#
        for index in 0..<count {
            if index > 0 { text += "," }
            let month = index % 12 + 1
            let day = index % 28 + 1
            text +=
                #"{"gender":"female","name":{"title":"Ms","first":"Émilie\#(index)","last":"Ørsted-Nguyễn"},"#
                + #""location":{"street":{"number":\#(index),"name":"Rue de l'Abbé"},"#
                + #""city":"Lyon","state":"Rhône","country":"France","postcode":69001,"#
                + #""coordinates":{"latitude":"-69.8246","longitude":"134.8719"},"timezone":{"offset":"+1:00","description":"Paris"}},"#
                + #""email":"emilie\#(index)@example.com","#
                + #""login":{"uuid":"\#(index % 2 == 0 ? "7a0eed16-9430-4d68-901f-\(String(format: "%012d", index))" : "")","#
                + #""username":"u\#(index)","password":"p","salt":"s","md5":"m","sha1":"h","sha256":"h"},"#
                + #""dob":{"date":"19\#(50 + index % 50)-\#(String(format: "%02d", month))-\#(String(format: "%02d", day))T15:13:16.688Z","#
                + #""age":\#(index % 70)},"#
                + #""registered":{"date":"2007-07-09T05:51:59.390Z","age":14},"phone":"(272) 790-0888","cell":"(489) 330-2385","#
                + #""id":{"name":"INSEE","value":"2NNaN"},"#
                + #""picture":{"large":"https://randomuser.me/api/portraits/women/75.jpg","#
                + #""medium":"https://randomuser.me/api/portraits/med/women/75.jpg","#
                + #""thumbnail":"https://randomuser.me/api/portraits/thumb/women/75.jpg"},"nat":"FR"}"#
        }
        text += #"],"info":{"seed":"perf","results":\#(count),"page":1,"version":"1.4"}}"#
        return Data(text.utf8)
    }

    @Test func decodesTenThousandPeople() throws {
        let data = Self.document(count: 10_000)
        let decoder = try PeopleDecoder()
        let clock = ContinuousClock()
        var decoding = PeopleDecoding()
        let elapsed = clock.measure { decoding = decoder.decode(data, source: "perf.json") }
        #expect(decoding.people.count == 10_000)
        #expect(decoding.problems.isEmpty, "\(decoding.problems.prefix(3))")
        #expect(Set(decoding.people.map(\.slug)).count == 10_000)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            "ReportData: decoded 10 000 people (\(data.count / 1024) KiB) in \(String(format: "%.3f", seconds)) s, "
                + "\(Int(10_000 / seconds)) people per second")
    }
}
