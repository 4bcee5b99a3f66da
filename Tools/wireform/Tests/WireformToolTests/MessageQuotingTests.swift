import Testing

/// The tool quotes what the user typed as Wireform's own errors do (`SerializationError.quoted`): C0 controls, DEL
/// and C1 controls never reach the terminal raw.
@Suite struct MessageQuotingTests {
    @Test(arguments: [("x\u{85}y", #"x\u{85}y"#), ("a\u{1b}[2Jb", #"a\u{1b}[2Jb"#), ("t\tn\n", #"t\tn\n"#)])
    func controlCharactersInAnOptionValueAreEscaped(value: String, shown: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["POST", "https://e.com", "-f", value], in: directory.path)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: The value '\(shown)' is invalid for '-f <NAME>': expected form | json | plist | "
                + "plist-binary | multipart\n"
        )
    }
}
