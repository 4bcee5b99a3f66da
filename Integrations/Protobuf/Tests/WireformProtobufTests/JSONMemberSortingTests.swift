import Testing
import Wireform

@testable import WireformProtobuf

/// The JSON mapping's members are sorted and nothing else changes.
@Suite struct JSONMemberSortingTests {
    private func sorted(_ json: String) throws -> String {
        String(decoding: try JSONMemberSorting.sortingMembers(of: Array(json.utf8)), as: UTF8.self)
    }

    @Test(arguments: [
        (#"{"b":1,"a":2}"#, #"{"a":2,"b":1}"#),
        (#"{"z":{"y":[{"d":1,"c":"}"}],"x":"\",\""},"a":[]}"#, #"{"a":[],"z":{"x":"\",\"","y":[{"c":"}","d":1}]}}"#),
        (#"[3,{"b":null,"a":true},"s",-1.5e+300]"#, #"[3,{"a":true,"b":null},"s",-1.5e+300]"#),
        (#" { "b" : 1 , "a" : [ 1 , 2 ] } "#, #"{"a":[1,2],"b":1}"#),
        (#""just a string""#, #""just a string""#),
        ("{}", "{}"),
        ("[]", "[]"),
        (#"{"é":1,"z":2,"Z":3}"#, #"{"Z":3,"z":2,"é":1}"#),
    ])
    func membersAreSortedByKeyBytes(input: String, expected: String) throws {
        #expect(try sorted(input) == expected)
    }

    @Test(arguments: [#"{"a":1"#, #"{"a" 1}"#, "[1,2", #""open"#, #"{"a":1}x"#, "", #"{1:2}"#])
    func textThatIsNotJSONIsAnError(input: String) {
        expectSerializationError(.serializerFailed) { _ = try sorted(input) }
    }

    @Test func nestingIsLimited() throws {
        let depth = JSONMemberSorting.maximumDepth
        _ = try sorted(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        expectSerializationError(
            .unsupportedValue, "The message nests deeper than 1000 levels in the protobuf JSON mapping"
        ) {
            _ = try sorted(String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1))
        }
    }
}
