import Foundation
import Testing

/// `--params` numbers are written with the value given or refused, naming why (and where), in every format: never
/// rounded to a nearby `Double`.
@Suite struct ExactNumberTests {
    static let formats = ["form", "json", "plist", "plist-binary"]

    private func run(_ params: String, format: String) throws -> ToolProcess.Result {
        let directory = try TestDirectory()
        return try ToolProcess.run(
            ["POST", "https://e.com", "-f", format, "-p", params, "--body-only"], in: directory.path)
    }

    @Test(arguments: formats)
    func subnormalsThatDoNotRoundTripAreRefused(format: String) throws {
        for (text, nearest) in [("3e-324", "5e-324"), ("9.9e-324", "1e-323"), ("-7e-324", "-5e-324")] {
            let result = try run(#"{"n":\#(text)}"#, format: format)
            #expect(result.status == 2)
            #expect(
                result.standardError
                    == "wireform: Invalid JSON in --params: number \(text) cannot be kept exactly (its exponent is "
                    + "beyond ±127 and the nearest Double is \(nearest)); pass it as a string at line 1, column 6 "
                    + "(byte 5)\n")
            #expect(result.standardOutput.isEmpty)
        }
    }

    @Test(arguments: formats)
    func subnormalsThatRoundTripAreKept(format: String) throws {
        let result = try run(#"{"n":[1e-320,5e-324,-5e-324]}"#, format: format)
        #expect(result.status == 0, "\(result.standardError)")
        let body = String(decoding: result.standardOutput, as: UTF8.self)
        switch format {
        case "form": #expect(body == "n%5B%5D=1e-320&n%5B%5D=5e-324&n%5B%5D=-5e-324")
        case "json": #expect(body == #"{"n":[1e-320,5e-324,-5e-324]}"#)
        case "plist": #expect(body.contains("<real>1e-320</real>") && body.contains("<real>5e-324</real>"))
        default:
            let read = try PropertyListSerialization.propertyList(from: Data(result.standardOutput), format: nil)
            #expect(
                (read as? [String: Any])?["n"] as? [Double]
                    == ["1e-320", "5e-324", "-5e-324"].compactMap { Double($0) })
        }
    }

    @Test(arguments: formats)
    func integersBeyond64BitsKeepTheirDigitsOrAreRefused(format: String) throws {
        let result = try run(#"{"a":{"n":12345678901234567890123}}"#, format: format)
        let body = String(decoding: result.standardOutput, as: UTF8.self)
        switch format {
        case "form":
            #expect(body == "a%5Bn%5D=12345678901234567890123")
        case "json":
            #expect(body == #"{"a":{"n":12345678901234567890123}}"#)
        case "plist":
            #expect(body.contains("<real>12345678901234567890123</real>"))
        default:
            #expect(result.status == 1)
            #expect(
                result.standardError
                    == "wireform: Number 12345678901234567890123 at 'a.n' cannot be kept exactly in a binary "
                    + "property list: it is beyond the 64-bit integers the format holds, and its real, a 64-bit "
                    + "double, would make it 1.2345678901234568e+22; pass it as a string or use the XML format\n")
            #expect(result.standardOutput.isEmpty)
        }
    }
}
