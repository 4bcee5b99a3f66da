import ArgumentParser
import Wireform

extension WireformCommand {
    /// The name, overview, version and the part of `--help` after the overview; swift-argument-parser writes the
    /// rest from ``CommandLineArguments``.
    static let configuration = CommandConfiguration(
        commandName: "wireform",
        abstract: "Build an HTTP request with Wireform and write it as HTTP/1.1 bytes, or send it.",
        usage: "wireform [options] METHOD URL",
        discussion: discussion,
        version: "wireform \(DefaultHeaders.libraryVersion)"
    )

    /// Paths, output, exit statuses and examples, wrapped to fit 80 columns (swift-argument-parser keeps lines that
    /// fit).
    private static let discussion = """
        File paths (-o, --params-file, --file NAME=@PATH) are used as the exact bytes
        given and need not be UTF-8; every other argument must be valid UTF-8 (exit 2
        otherwise).

        OUTPUT:
          The request line `METHOD /path?query HTTP/1.1` (path and query exactly as
          serialized), `Host`, the request's headers in the order Wireform produced
          them (Content-Type and Content-Length included when known;
          Transfer-Encoding: chunked when the length is not known), an empty line and
          the body. Lines end with CRLF. Bodies are streamed in chunks, never held in
          memory whole.

        EXIT STATUS:
          0  success (with --send: a response was received, whatever its status code)
          1  Wireform rejected the request (bad key path, header, media type, method,
             URL, file) or the output could not be written
          2  usage error: unknown option, missing or malformed option value, invalid
             --params JSON, an -o PATH that is a directory, a dangling symbolic link or
             one of the input files, options that set Authorization twice
          3  --send only: the request could not be sent, timed out (--timeout), the
             response could not be read or was not valid HTTP, or --follow met more
             than --max-redirects redirects
          128+N  ended by signal N (130 for SIGINT, 143 for SIGTERM); temporary files
                 are removed first, PATH is untouched
          Errors are printed on standard error in one line, starting with 'wireform: ';
          the status is the same when standard error is closed or full.

        EXAMPLES:
          wireform GET 'https://example.com/search' \\
            -p '{"q": "swift", "tags": ["a", "b"]}'
          wireform POST https://example.com/users \\
            -p '{"user": {"name": "bang"}, "admin": true}' --bool literal
          wireform POST https://example.com/api -f json \\
            -p '{"ids": {"$set": [3, 1, 2]}, "at": {"$date": "2024-01-02T03:04:05Z"}}'
          wireform PATCH https://example.com/api -t application/vnd.api+json \\
            -p '{"data": {"id": "1"}}'
          wireform POST https://example.com/upload --field title=Report \\
            --file 'doc=@report.pdf;type=application/pdf'
          wireform POST https://example.com/upload --file photo=@cat.jpg \\
            --boundary XyZ --body-only -o body.bin
          wireform GET 'https://api.example.com/users/{id}/items{;filter*}' \\
            --path-param id=42 --path-param 'filter={"color": "blue"}' \\
            -p '{"tags": ["a", "b"]}' --query-style form-no-explode
          wireform GET http://httpbin.org/get -p '{"a": 1}' --send --follow
          wireform --generate-completion-script bash > ~/.wireform-completion.bash
        """
}
