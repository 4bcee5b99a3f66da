import Testing

/// `--cacert`, `-k`/`--insecure` and `--proxy` apply to `--send` only, and `--proxy` must be an http:// URL.
@Suite struct SendOnlyOptionsTests {
    @Test(arguments: [
        (["--cacert", "ca.pem"], "--cacert"), (["-k"], "--insecure"), (["--insecure"], "--insecure"),
        (["--proxy", "http://proxy.example:3128"], "--proxy"),
    ])
    func withoutSendItIsAUsageError(extra: [String], option: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "http://e.com/"] + extra, in: directory.path)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "wireform: '\(option)' applies only with --send\n")
    }

    @Test(arguments: ["ftp://proxy.example", "http://", "http://p:99999", "http://p/x?y", "http://p#f"])
    func aProxyThatIsNoHTTPURLIsAUsageError(proxy: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "http://e.com/", "--send", "--proxy", proxy], in: directory.path)
        #expect(result.status == 2)
        #expect(
            result.standardError
                .hasPrefix("wireform: Invalid '--proxy' '\(proxy)': ")
        )
    }

    @Test func helpExplainsThem() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["--help"], in: directory.path)
        let text = String(decoding: result.standardOutput, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(text.contains("--cacert <PATH> trust this PEM file's certificates instead of the system's"))
        #expect(text.contains("-k, --insecure do not verify the server's certificate for --send over https"))
        #expect(text.contains("--proxy <URL> with --send: go through this proxy (http://host:port or socks5://"))
    }
}
