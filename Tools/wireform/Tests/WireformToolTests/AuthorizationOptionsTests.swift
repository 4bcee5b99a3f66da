import Testing

/// Two options that set `Authorization` are a usage error naming both (issue 30, H8): one of them was dropped
/// silently before.
@Suite struct AuthorizationOptionsTests {
    static let conflicts: [([String], String)] = [
        (["-H", "Authorization: Token x", "--bearer", "t"], "'--bearer' and '--header'"),
        (["--basic", "a:b", "--bearer", "t"], "'--basic' and '--bearer'"),
        (["-H", "authorization: x", "--basic", "a:b"], "'--basic' and '--header'"),
    ]

    @Test(arguments: conflicts)
    func twoAuthorizationOptionsAreAUsageError(extra: [String], options: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "http://e.com/"] + extra, in: directory.path)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "wireform: \(options) both set the Authorization header; use one\n")
    }
}
