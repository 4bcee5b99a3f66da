import Foundation
import Testing
import Wireform
import WireformPropertyListBody

@Suite struct XMLPropertyListTests {
    /// The exact bytes for a small dictionary: header, DOCTYPE, `<plist version="1.0">`, tabs, sorted keys.
    @Test func writesASmallDictionaryExactlyAsApple() throws {
        let parameters: ParameterValue = [
            "name": "a&b<c>",
            "count": 42,
            "ratio": .double(1.5),
            "whole": .double(2),
            "admin": true,
            "list": [1, "x"],
            "empty": [:],
            "none": [],
        ]
        let expected = plistDocument(
            "<dict>",
            "\t<key>admin</key>",
            "\t<true/>",
            "\t<key>count</key>",
            "\t<integer>42</integer>",
            "\t<key>empty</key>",
            "\t<dict/>",
            "\t<key>list</key>",
            "\t<array>",
            "\t\t<integer>1</integer>",
            "\t\t<string>x</string>",
            "\t</array>",
            "\t<key>name</key>",
            "\t<string>a&amp;b&lt;c&gt;</string>",
            "\t<key>none</key>",
            "\t<array/>",
            "\t<key>ratio</key>",
            "\t<real>1.5</real>",
            "\t<key>whole</key>",
            "\t<real>2</real>",
            "</dict>"
        )
        #expect(try plistXML(parameters) == expected)
    }

    /// The same dictionary written by `PropertyListSerialization` gives the same bytes.
    @Test func matchesPropertyListSerializationForTheSameDictionary() throws {
        let foundation: [String: Any] = [
            "name": "a&b<c>", "count": 42, "ratio": 1.5, "admin": true, "list": [1, "x"] as [Any],
            "empty": [String: Any](), "none": [Any](), "data": Data(0..<61),
            "date": Date(timeIntervalSince1970: 1_704_164_645),
        ]
        let parameters: ParameterValue = [
            "name": "a&b<c>", "count": 42, "ratio": .double(1.5), "admin": true, "list": [1, "x"],
            "empty": [:], "none": [], "data": .data(Data(0..<61)),
            "date": .date(Date(timeIntervalSince1970: 1_704_164_645)),
        ]
        let reference = try PropertyListSerialization.data(fromPropertyList: foundation, format: .xml, options: 0)
        #expect(try plistXML(parameters) == String(decoding: reference, as: UTF8.self))
    }

    @Test func keepsInsertionOrderWhenAsked() throws {
        let expected = plistDocument(
            "<dict>",
            "\t<key>z</key>",
            "\t<integer>1</integer>",
            "\t<key>a</key>",
            "\t<integer>2</integer>",
            "</dict>"
        )
        #expect(try plistXML(["z": 1, "a": 2], keyOrdering: .insertion) == expected)
    }

    @Test func writesNumbersBooleansAndUnicode() throws {
        let parameters: ParameterValue = [
            .integer(UInt64.max), .integer(Int64.min), .double(0.1), .double(-0.0),
            .decimal(try #require(Decimal(string: "3.14159265358979323846"))), true, false, 1, 0,
            "José 👩‍👩‍👧 名前",
        ]
        let expected = plistDocument(
            "<array>",
            "\t<integer>18446744073709551615</integer>",
            "\t<integer>-9223372036854775808</integer>",
            "\t<real>0.1</real>",
            "\t<real>-0</real>",
            "\t<real>3.14159265358979323846</real>",
            "\t<true/>",
            "\t<false/>",
            "\t<integer>1</integer>",
            "\t<integer>0</integer>",
            "\t<string>José 👩‍👩‍👧 名前</string>",
            "</array>"
        )
        #expect(try plistXML(parameters) == expected)
    }

    @Test func writesDatesToTheWholeSecond() throws {
        let parameters: ParameterValue = [
            .date(Date(timeIntervalSince1970: 1_704_164_645.999)),
            .date(Date(timeIntervalSince1970: -0.5)),
        ]
        let expected = plistDocument(
            "<array>",
            "\t<date>2024-01-02T03:04:05Z</date>",
            "\t<date>1969-12-31T23:59:59Z</date>",
            "</array>"
        )
        #expect(try plistXML(parameters) == expected)
    }

    @Test func writesDataInIndentedBase64Lines() throws {
        let parameters: ParameterValue = [
            "a": ["b": .data(Data(0..<46))], "e": .data(Data()), "f": .data(Data(0..<45)),
        ]
        let expected = plistDocument(
            "<dict>",
            "\t<key>a</key>",
            "\t<dict>",
            "\t\t<key>b</key>",
            "\t\t<data>",
            "\t\tAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKiss",
            "\t\tLQ==",
            "\t\t</data>",
            "\t</dict>",
            "\t<key>e</key>",
            "\t<data>",
            "\t\t</data>",
            "\t<key>f</key>",
            "\t<data>",
            "\tAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKiss",
            "\t</data>",
            "</dict>"
        )
        #expect(try plistXML(parameters) == expected)
    }

    @Test func writesCarriageReturnsAsCharacterReferences() throws {
        let expected = plistDocument("<string>a&#13;b\tc\nd</string>")
        #expect(try plistXML("a\rb\tc\nd") == expected)
    }

    @Test func writesScalarRoots() throws {
        #expect(try plistXML("x") == plistDocument("<string>x</string>"))
        #expect(try plistXML(7) == plistDocument("<integer>7</integer>"))
        #expect(try plistXML([]) == plistDocument("<array/>"))
    }

    @Test func writesSetsAsSortedDistinctArrays() throws {
        let expected = plistDocument(
            "<array>",
            "\t<integer>2</integer>",
            "\t<string>a</string>",
            "\t<string>b</string>",
            "</array>"
        )
        #expect(try plistXML(.set(["b", "a", 2, "b"])) == expected)
    }
}
