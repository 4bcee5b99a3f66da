import Wireform

/// The text `--help` prints.
enum HelpText {
    static let usage = """
        OVERVIEW: Build an HTTP request with Wireform and write it as HTTP/1.1 bytes, or send it.

        USAGE: wireform [options] METHOD URL

        ARGUMENTS:
          METHOD                     the HTTP method, such as GET, POST or PATCH (an RFC 9110 token, kept as written)
          URL                        an absolute URL; an existing query is kept and the parameters are appended.
                                     User information (http://user:pw@host/) becomes an Authorization: Basic
                                     header, printed and sent alike, and is removed from the URL and Host

        OPTIONS:
          -p, --params JSON          parameters as JSON. true/false are booleans, null is the null value.
                                     Tagged objects: {"$set": [...]} a set, {"$data_base64": "..."} raw data,
                                     {"$date": "ISO-8601"} a date. Object keys keep their order; integers stay
                                     integers and decimals keep every digit (at most 38 significant digits).
              --params-file PATH     the same from a file ("-" = standard input), read as it streams; at
                                     most 1 GiB (set WIREFORM_MAX_PARAMS_BYTES to change it), so that an
                                     endless source fails instead of filling memory
          -f, --format NAME          form (default) | json | plist | plist-binary | multipart
          -t, --content-type TYPE    choose the body serializer through the registry by media type
                                     (e.g. application/vnd.api+json); overrides --format. The request is sent
                                     with this Content-Type.
              --query-style NAME     brackets (default) | repeated | indexed | comma | dotted | deep-object |
                                     form | form-no-explode | space-delimited | pipe-delimited
                                     (for the URL query, form bodies and multipart field names). The last four
                                     are OpenAPI's form (explode true/false), spaceDelimited and pipeDelimited:
                                     k=a&k=b, k=a,b, k=a%20b, k=a%7Cb; a dictionary as R=1&G=2 (form) or
                                     k=R,1,G,2; null and empty containers as k=
              --bool NAME            numeric | literal: booleans as 1/0 or true/false in queries and forms
                                     (default literal for the four OpenAPI styles above, numeric otherwise;
                                     OpenAPI deep-object servers usually want literal)
              --key-order NAME       sorted (default, by UTF-8 bytes) | insertion (as written in --params): the
                                     order of dictionary keys in queries, forms, JSON, property lists and multipart
              --allow-reserved       keep RFC 3986 reserved characters :/?@!$'()*,; and %XX escapes literal in
                                     query and form values (OpenAPI allowReserved); # [ ] & = + are still escaped
              --path-param NAME=JSON a value for the URL template's variable NAME (repeatable): the URL is an
                                     RFC 6570 template, expanded before it is parsed, such as
                                     'https://api.example.com/users/{id}' or '.../items{;filter*}{?fields}'.
                                     Each value is escaped so it never adds '/', '?' or '#' (except with the
                                     {+x} and {#x} operators); strings, numbers, booleans, arrays and objects
                                     are simple/label/matrix/form values, null leaves a variable out
          -H, --header 'Name: value' a request header (repeatable). A Content-Type header is sent as written (it
                                     need not be a media type) and picks the format registered for it, if any,
                                     else --format's; Content-Length must be the body's; Transfer-Encoding is
                                     refused
              --basic USER:PASSWORD  Basic authorization (the user name ends at the first ':')
              --bearer TOKEN         Bearer authorization
              --field NAME=VALUE     a multipart text part (repeatable; implies --format multipart)
              --file NAME=@PATH[;filename=NAME][;type=MIME]
                                     a multipart file part, streamed from PATH (repeatable; implies --format
                                     multipart). filename= defaults to the file's name; type= is sent as
                                     written (control characters refused), by default a type guessed from the
                                     extension. Parts: --params first (named by --query-style), then --field and
                                     --file in command-line order. PATH is used as the exact bytes given; if
                                     its last component is not UTF-8, ;filename=NAME is required
              --boundary STRING      a fixed multipart boundary (reproducible output); no part may then hold
                                     CRLF--STRING: an error naming the part, before anything is written for
                                     fields and --params, as soon as it streams for files
              --uri-methods LIST     methods whose parameters go in the URL (default GET,HEAD,DELETE)
              --no-default-headers   leave out Accept-Language and User-Agent
          -o, --output PATH          write to PATH instead of standard output ("-" = standard output). A regular
                                     file is written under a temporary name beside PATH (on Linux, with no
                                     name at all until it is complete) and renamed over PATH only when
                                     everything was written; if wireform fails or is interrupted, PATH is left
                                     as it was. An existing FIFO, device or socket
                                     is written in place and never removed. PATH may not be a directory, a
                                     dangling symbolic link or one of the input files (--file, --params-file)
              --body-only            write only the body bytes
              --send                 send the request (http:// or https://, HTTP/2 where a TLS server offers
                                     it) and print the response: status line and headers, then the body.
                                     The server receives exactly the offline output's bytes: nothing is added
                                     or rewritten, and the body is streamed with the printed Content-Length
              --timeout SECONDS      with --send: give up after this long without any progress (default 60)
              --cacert PATH          with --send: trust the certificate authorities in this PEM file instead
                                     of the system's
          -k, --insecure             with --send: do not check the server's TLS certificate
              --proxy URL            with --send: go through this proxy (http://host:port or socks5://...;
                                     '' for none) instead of http_proxy / https_proxy (no_proxy is honoured)
          -L, --follow               with --send: follow 301, 302, 303, 307 and 308 redirects (not followed by
                                     default; the 3xx is printed). 307/308 resend the same method and body;
                                     301/302 after POST and 303 become GET without body. Authorization,
                                     Proxy-Authorization, Cookie and -H Host are dropped when the origin
                                     (scheme, host or port) changes. Only the final response is printed
              --max-redirects N      with --follow: at most N redirects in a row (default 10)
              --progress             show a progress line on standard error for a long --send or -o body
                                     (default: only when standard error is a terminal and the body is 1 MiB
                                     or more)
              --no-progress          never show the progress line
          -h, --help                 show this help
              --version              show the version

        File paths (-o, --params-file, --file NAME=@PATH) are used as the exact bytes given and need not be
        UTF-8; every other argument must be valid UTF-8 (exit 2 otherwise).

        OUTPUT:
          The request line `METHOD /path?query HTTP/1.1` (path and query exactly as serialized), `Host`, the
          request's headers in the order Wireform produced them (Content-Type and Content-Length included when
          known; Transfer-Encoding: chunked when the length is not known), an empty line and the body. Lines end
          with CRLF. Bodies are streamed in chunks, never held in memory whole.

        EXIT STATUS:
          0  success (with --send: a response was received, whatever its status code)
          1  Wireform rejected the request (bad key path, header, media type, method, URL, file) or the output
             could not be written
          2  usage error: unknown option, missing or malformed option value, invalid --params JSON, an -o PATH
             that is a directory, a dangling symbolic link or one of the input files
          3  --send only: the request could not be sent, timed out (--timeout), the response could not be
             read or was not valid HTTP, or --follow met more than --max-redirects redirects
          128+N  ended by signal N (130 for SIGINT, 143 for SIGTERM); temporary files are removed first, PATH
                 is untouched
          Errors are printed on standard error in one line, starting with 'wireform: '; the status is the same
          when standard error is closed or full.

        EXAMPLES:
          wireform GET 'https://example.com/search' -p '{"q": "swift", "tags": ["a", "b"]}'
          wireform POST https://example.com/users -p '{"user": {"name": "bang"}, "admin": true}' --bool literal
          wireform POST https://example.com/api -f json -p '{"ids": {"$set": [3, 1, 2]}, "at": {"$date": "2024-01-02T03:04:05Z"}}'
          wireform PATCH https://example.com/api -t application/vnd.api+json -p '{"data": {"id": "1"}}'
          wireform POST https://example.com/upload --field title=Report --file 'doc=@report.pdf;type=application/pdf'
          wireform POST https://example.com/upload --file photo=@cat.jpg --boundary XyZ --body-only -o body.bin
          wireform GET 'https://api.example.com/users/{id}/items{;filter*}' --path-param id=42 \\
            --path-param 'filter={"color": "blue"}' -p '{"tags": ["a", "b"]}' --query-style form-no-explode
          wireform GET http://httpbin.org/get -p '{"a": 1}' --send --follow
        """

    static var version: String { "wireform \(DefaultHeaders.libraryVersion)" }
}
