import Testing

@testable import Wireform

/// ``URLReference``: RFC 3986's split (Appendix B), recomposition (section 5.3), reference resolution (section 5.2.2),
/// path merging (5.2.3) and dot-segment removal (5.2.4), before any URL check.
@Suite struct URLReferenceTests {
    /// The text of a component, or `nil` when it is absent.
    func text(_ bytes: [UInt8]?) -> String? {
        bytes.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: ResolutionExample.normal + ResolutionExample.abnormal)
    func resolvesEveryExampleOfRFC3986ToItsExactText(_ example: ResolutionExample) {
        let base = URLReference(parsing: ResolutionExample.base)
        #expect(URLReference(parsing: example.reference).resolved(against: base).text == example.target)
    }

    @Test func splitsTheFiveComponentsAndTellsAbsentFromEmpty() {
        let full = URLReference(parsing: "http://user@a:80/b/c?q=1#f")
        #expect(text(full.scheme) == "http")
        #expect(text(full.authority) == "user@a:80")
        #expect(text(full.path) == "/b/c")
        #expect(text(full.query) == "q=1")
        #expect(text(full.fragment) == "f")
        let empties = URLReference(parsing: "http://?#")
        #expect(text(empties.authority) == "")
        #expect(empties.path.isEmpty)
        #expect(text(empties.query) == "")
        #expect(text(empties.fragment) == "")
        let relative = URLReference(parsing: "g;x")
        #expect(relative.scheme == nil && relative.authority == nil && relative.query == nil)
        #expect(relative.fragment == nil)
        // A `:` after a `/`, `?` or `#` does not end a scheme.
        #expect(URLReference(parsing: "./g:h").scheme == nil)
        #expect(URLReference(parsing: "?a:b").scheme == nil)
        #expect(text(URLReference(parsing: "g:h").scheme) == "g")
        // Only the first `#` starts the fragment; a `?` after it belongs to the fragment.
        #expect(text(URLReference(parsing: "g#s?t#u").fragment) == "s?t#u")
    }

    @Test(arguments: ["http://a/b/c/d;p?q", "http://?#", "g", "", "//g", "?y", "#s", "http:g", "a:b:c//d"])
    func recomposesTheTextItSplit(_ text: String) {
        #expect(URLReference(parsing: text).text == text)
    }

    @Test(arguments: [
        // RFC 3986, section 5.2.4's two worked examples.
        ("/a/b/c/./../../g", "/a/g"),
        ("mid/content=5/../6", "mid/6"),
        ("", ""),
        ("/", "/"),
        ("/.", "/"),
        ("/..", "/"),
        (".", ""),
        ("..", ""),
        ("../../x", "x"),
        ("/a/..", "/"),
        ("/a/b/..", "/a/"),
        ("a/..", "/"),
        ("/%2E%2E/g", "/%2E%2E/g"),
        ("//./..//x", "//x"),
    ])
    func removesDotSegments(path: String, expected: String) {
        let removed = URLReference.removingDotSegments(Array(path.utf8))
        #expect(String(decoding: removed, as: UTF8.self) == expected)
    }

    @Test func mergesUnderTheBasesLastSlash() {
        func merged(_ path: String, _ base: String) -> String {
            String(decoding: URLReference.merging(Array(path.utf8), into: URLReference(parsing: base)), as: UTF8.self)
        }
        #expect(merged("g", "http://a/b/c/d;p?q") == "/b/c/g")
        #expect(merged("g", "http://a") == "/g")
        #expect(merged("g", "http://a/") == "/g")
        #expect(merged("g", "http://a/v1") == "/g")
        #expect(merged("g", "http://a/v1/") == "/v1/g")
    }
}
