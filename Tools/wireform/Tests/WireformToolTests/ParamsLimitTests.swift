import Foundation
import Testing

/// `--params` and `--params-file` are read by the library's streaming reader: an endless or oversized source fails
/// with a clear error instead of filling memory (`WIREFORM_MAX_PARAMS_BYTES`, 1 GiB by default).
@Suite struct ParamsLimitTests {
    @Test func devZeroFailsAtItsFirstByte() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["POST", "http://e.com/", "--params-file", "/dev/zero"], in: directory.path)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: Invalid JSON in --params-file '/dev/zero': unexpected byte 0x00, expected a value at "
                + "line 1, column 1 (byte 0)\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func anEndlessPipeFailsAtItsFirstInvalidByte() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            ["POST", "http://e.com/", "--params-file", "-"], in: directory.path, shellPrefix: "yes |")
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: Invalid JSON in --params-file '-': unexpected 'y', expected a value at line 1, column 1 "
                + "(byte 0)\n")
    }

    @Test func anEndlessPipeOfValidLookingJSONStopsAtTheMaximum() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            ["POST", "http://e.com/", "-f", "json", "--params-file", "-"], in: directory.path,
            environment: ["WIREFORM_MAX_PARAMS_BYTES": "65536"], shellPrefix: #"(printf '{"a":['; yes '1,') |"#)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: --params-file '-' is longer than 65536 bytes, the most parameters read "
                + "(WIREFORM_MAX_PARAMS_BYTES)\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func theMaximumCountsEveryByte() throws {
        let directory = try TestDirectory()
        let params = #"{"a":"0123456789"}"#
        for (maximum, fits) in [(params.utf8.count, true), (params.utf8.count - 1, false)] {
            let result = try ToolProcess.run(
                ["POST", "http://e.com/", "-p", params, "--body-only"], in: directory.path,
                environment: ["WIREFORM_MAX_PARAMS_BYTES": String(maximum)])
            if fits {
                #expect(result.status == 0)
                #expect(String(decoding: result.standardOutput, as: UTF8.self) == "a=0123456789")
            } else {
                #expect(result.status == 2)
                #expect(
                    result.standardError
                        == "wireform: --params is longer than \(maximum) bytes, the most parameters read "
                        + "(WIREFORM_MAX_PARAMS_BYTES)\n")
            }
        }
    }

    @Test func aDirectoryCannotBeRead() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["POST", "http://e.com/", "--params-file", "."], in: directory.path)
        #expect(result.status == 2)
        #expect(result.standardError == "wireform: Cannot read --params-file '.': Is a directory\n")
    }
}

/// R11 (issue 39): a `WIREFORM_MAX_PARAMS_BYTES` that is not a whole number of bytes from 1 up is a usage error
/// naming the variable, not ignored (`abc`, a number past 64 bits) or read as 1 (`0`, `-1`).
@Suite struct ParamsLimitVariableTests {
    @Test(arguments: ["abc", "100000000000000000000000", "0", "-1", "", " 5", "+5"])
    func malformedMaximumIsAUsageError(value: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            ["POST", "http://e.com/", "-p", #"{"a":1}"#], in: directory.path,
            environment: ["WIREFORM_MAX_PARAMS_BYTES": value])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: Invalid WIREFORM_MAX_PARAMS_BYTES '\(value)': expected a whole number of bytes from 1 "
                + "to 9223372036854775807\n")
        #expect(result.standardOutput.isEmpty)
    }
}
