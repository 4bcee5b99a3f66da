import Testing
import Wireform

/// The code in the article "OpenAPI parameter styles" (`OpenAPIParameterStyles.md`) and the README's OpenAPI
/// subsection, with the results they show.
@Suite struct OpenAPIParameterStylesArticleTests {
    @Test func styleOptionsChangeAfterPickingAStyle() throws {
        var style = StandardQueryStyle.form(explode: false)
        style.keyOrdering = .insertion
        #expect(try style.queryString(for: ["color": ["R": 100, "G": 200, "B": 150]]) == "color=R,100,G,200,B,150")
    }

    @Test func deepObjectNestsOneBracketPairPerLevel() throws {
        #expect(
            try StandardQueryStyle.deepObject.queryString(for: ["color": ["R": ["min": 1]]])
                == "color%5BR%5D%5Bmin%5D=1")
    }

    @Test func allowReservedExample() throws {
        var style = StandardQueryStyle.form()
        style.reservedCharacters = .allowed
        style.keyOrdering = .insertion
        #expect(
            try style.queryString(for: ["formulas": ["a": "x%2By", "b": "x/y", "c": "x^y"]]) == "a=x%2By&b=x/y&c=x%5Ey")
    }

    @Test func pathExamples() throws {
        #expect(
            try PathParameterStyle.matrix(explode: true).value(for: ["R": 100, "G": 200], name: "color")
                == ";R=100;G=200")
        #expect(try PathParameterStyle.simple().value(for: "a/b", name: "id") == "a%2Fb")
        let template = try URITemplate("/users/{id}/items{;filter*}{?fields}")
        #expect(
            try template.expand(["id": 42, "filter": ["color": "blue"], "fields": ["a", "b"]])
                == "/users/42/items;color=blue?fields=a,b")
    }

    @Test func headerExample() throws {
        #expect(
            try HeaderParameterStyle.simple(explode: true).value(for: ["R": 100, "G": 200], name: "X-Color")
                == "R=100,G=200")
    }

    @Test func readmeExample() throws {
        let parameters: ParameterValue = ["ids": [1, 2], "on": true]
        #expect(try StandardQueryStyle.form().queryString(for: parameters) == "ids=1&ids=2&on=true")
        #expect(try StandardQueryStyle.form(explode: false).queryString(for: parameters) == "ids=1,2&on=true")
        #expect(try StandardQueryStyle.pipeDelimited.queryString(for: parameters) == "ids=1%7C2&on=true")
        #expect(try URITemplate("/users/{id}{?v}").expand(["id": "a/b", "v": 2]) == "/users/a%2Fb?v=2")
    }
}
