import Testing
import Wireform

@Suite struct ContentTypeTests {
    @Test func parsesTypeSubtypeAndParametersLowercasingNames() throws {
        let type = try ContentType(validating: "Text/HTML; Charset=UTF-8")
        #expect(type.type == "text")
        #expect(type.subtype == "html")
        #expect(type.parameters.map(\.name) == ["charset"])
        #expect(type.parameters.map(\.value) == ["UTF-8"])
        #expect(type.parameter("CHARSET") == "UTF-8")
        #expect(type.parameter("boundary") == nil)
        #expect(type.description == "text/html; charset=UTF-8")
    }

    @Test func parsesQuotedValuesAndWritesThemBackQuoted() throws {
        let type = try ContentType(validating: #"multipart/form-data; boundary="a b\"c"; x=y"#)
        #expect(type.parameter("boundary") == #"a b"c"#)
        #expect(type.description == #"multipart/form-data; boundary="a b\"c"; x=y"#)
    }

    @Test func toleratesWhiteSpaceAndATrailingSemicolon() throws {
        #expect(
            try ContentType(validating: " application/json ;charset=utf-8 ;").description
                == "application/json; charset=utf-8")
        #expect(try ContentType(validating: "application/json\t; a=1").description == "application/json; a=1")
    }

    @Test(arguments: [
        ("", "Invalid media type '': expected a type before '/'"),
        ("json", "Invalid media type 'json': expected '/' after the type"),
        ("application/", "Invalid media type 'application/': expected a subtype after '/'"),
        ("/json", "Invalid media type '/json': expected a type before '/'"),
        ("a b/c", "Invalid media type 'a b/c': expected '/' after the type"),
        ("a/b c", "Invalid media type 'a/b c': expected ';' before a parameter"),
        ("a/b; =1", "Invalid media type 'a/b; =1': expected a parameter name"),
        ("a/b; c", "Invalid media type 'a/b; c': expected '=' after parameter 'c'"),
        ("a/b; c=", "Invalid media type 'a/b; c=': expected a value for parameter 'c'"),
        ("a/b; c=\"x", "Invalid media type 'a/b; c=\"x': unterminated quoted parameter value"),
        ("a/b; c=\"x\ny\"", "Invalid media type 'a/b; c=\"x\\ny\"': control character in a quoted parameter value"),
    ])
    func rejectsInvalidStringsWithAReason(text: String, reason: String) {
        expectSerializationError(.invalidHeader, reason) { _ = try ContentType(validating: text) }
        #expect(ContentType(text) == nil)
    }

    @Test func comparesTypeAndSubtypeCaseInsensitively() throws {
        #expect(try mediaType("APPLICATION/JSON") == .json)
        #expect(try mediaType("application/json; charset=utf-8") != .json)
        #expect(try mediaType("Application/Json; charset=utf-8").hasSameEssence(as: .json))
        #expect(try mediaType("application/json; charset=utf-8").essence == .json)
        #expect(!ContentType.json.hasSameEssence(as: .xml))
        #expect(Set([try mediaType("text/plain"), try mediaType("TEXT/plain"), ContentType("text/plain")!]).count == 1)
    }

    @Test func equalityIgnoresParameterOrder() throws {
        let one = try mediaType("multipart/related; type=\"text/xml\"; start=a")
        let other = try mediaType("Multipart/Related; start=a; type=\"text/xml\"")
        #expect(one == other)
        #expect(Set([one, other]).count == 1)
        #expect(one.description == "multipart/related; type=\"text/xml\"; start=a")
        #expect(try one != mediaType("multipart/related; start=a; type=\"text/html\""))
        #expect(try one != mediaType("multipart/related; start=a"))
    }

    @Test func parameterValuesKeepTheirCase() throws {
        #expect(try mediaType("a/b; x=Y") != mediaType("a/b; x=y"))
        #expect(try mediaType("a/b; X=y") == mediaType("a/b; x=y"))
    }

    @Test func structuredSuffix() throws {
        #expect(try mediaType("application/vnd.api+json").structuredSuffix == "json")
        #expect(try mediaType("application/soap+xml; charset=utf-8").structuredSuffix == "xml")
        #expect(ContentType.json.structuredSuffix == nil)
        #expect(try mediaType("application/foo+").structuredSuffix == nil)
    }

    @Test func settingAParameterReplacesOneOfTheSameNameInPlace() throws {
        let type = try mediaType("a/b; x=1; y=2").settingParameter("X", to: "3").settingParameter("z", to: "a b")
        #expect(type.description == #"a/b; x=3; y=2; z="a b""#)
        #expect(try ContentType.json.settingParameter("e", to: "").description == #"application/json; e="""#)
    }

    @Test func settingAnInvalidParameterThrows() {
        expectSerializationError(.invalidHeader, "Invalid media type parameter name 'a b'") {
            _ = try ContentType.json.settingParameter("a b", to: "1")
        }
        expectSerializationError(.invalidHeader, "Invalid value 'x\\r\\ny' for media type parameter 'p'") {
            _ = try ContentType.json.settingParameter("p", to: "x\r\ny")
        }
    }

    @Test func commonTypes() {
        #expect(ContentType.formURLEncoded.description == "application/x-www-form-urlencoded")
        #expect(ContentType.json.description == "application/json")
        #expect(ContentType.propertyList.description == "application/x-plist")
        #expect(ContentType.multipartFormData.description == "multipart/form-data")
        #expect(ContentType.octetStream.description == "application/octet-stream")
        #expect(ContentType.xml.description == "application/xml")
    }
}

@Suite struct ContentTypePublicHelperTests {
    @Test func tokensAndTypeSubtypeInitializer() {
        #expect(ContentType.isToken("utf-8"))
        #expect(!ContentType.isToken("utf 8"))
        #expect(!ContentType.isToken(""))
        #expect(ContentType(type: "Application", subtype: "vnd.api+json")?.description == "application/vnd.api+json")
        #expect(ContentType(type: "application", subtype: "a/b") == nil)
    }

    @Test func headerValuesAndFieldsCopiedBetweenCollections() throws {
        #expect(HeaderFields.isValidValue("text/plain; q=1"))
        #expect(!HeaderFields.isValidValue("a\r\nb"))
        #expect(!HeaderFields.isValidValue(" a"))
        let source = try HeaderFields(validating: [("X-A", "1"), ("X-B", "2")])
        var copy = HeaderFields()
        for field in source.reversed() { copy.append(field) }
        #expect(copy.map(\.value) == ["2", "1"])
    }
}
