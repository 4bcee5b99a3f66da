import Foundation
import Wireform

/// Builds the ``Wireform/SerializedRequest`` a command line describes, through Wireform's public API only.
struct RequestBuilder {
    /// The command line, checked.
    let arguments: CommandLineArguments
    /// `--params` or `--params-file`, read by the library as the request is built.
    let parameters: JSONText?

    /// The query style `--query-style`, `--bool`, `--key-order` and `--allow-reserved` describe.
    var queryStyle: StandardQueryStyle {
        var style: StandardQueryStyle
        let name = arguments.queryStyle.first ?? .brackets
        switch name {
        case .brackets: style = .brackets
        case .repeated: style = .repeated
        case .indexed: style = .indexed
        case .comma: style = .commaDelimited
        case .dotted: style = .dotted
        case .deepObject: style = .deepObject
        case .form: style = .form()
        case .formNoExplode: style = .form(explode: false)
        case .spaceDelimited: style = .spaceDelimited
        case .pipeDelimited: style = .pipeDelimited
        }
        style.bools = (arguments.bool.first ?? name.defaultBools) == .numeric ? .numeric : .literal
        style.keyOrdering = arguments.keyOrder.first == .insertion ? .insertion : .sorted
        if arguments.allowReserved { style.reservedCharacters = .allowed }
        return style
    }

    /// The request serializer: registry, body format, query style, URI methods, default headers, authorization.
    /// - Throws: ``Wireform/SerializationError`` for invalid credentials, methods or boundaries.
    func makeSerializer() throws -> RequestSerializer {
        let style = queryStyle
        var serializer = RequestSerializer(
            registry: try FormatCatalog.registry(
                queryStyle: style, format: arguments.format.first, boundary: arguments.boundary.first),
            bodyMediaType: FormatCatalog.mediaType(
                of: arguments.isMultipart ? .multipart : arguments.format.first ?? .form),
            queryStyle: style,
            includesDefaultHeaders: !arguments.noDefaultHeaders
        )
        if let uriMethods = arguments.uriMethods.first {
            var methods: Set<RequestMethod> = []
            for name in uriMethods { methods.insert(try RequestMethod(validating: name)) }
            serializer.methodsEncodingParametersInURL = methods
        }
        // `validate()` refused a `--basic` or `--bearer` that is not UTF-8 or lacks the `:`.
        if let (user, password) = arguments.basic.first?.userAndPassword {
            try serializer.setBasicAuthorization(username: user, password: password)
        }
        if let bearer = arguments.bearer.first?.text { try serializer.setBearerToken(bearer) }
        return serializer
    }

    /// The request's own headers: `--header` in order, then `--content-type`.
    /// - Throws: ``Wireform/SerializationError`` naming the bad header or media type.
    func makeHeaders() throws -> HeaderFields {
        var headers = HeaderFields()
        for header in arguments.header {
            try headers.addValue(header.value, for: HeaderFields.Name(validating: header.name))
        }
        if let contentType = arguments.contentType.first {
            let mediaType = try ContentType(validating: contentType)
            try headers.setValue(mediaType.description, for: .contentType)
        }
        return headers
    }

    /// The serialized request: the parameters' JSON text read by the library straight into the query or the
    /// registered format (`serializedRequest(…, json:)`), or, for a multipart body, a multipart form (parameters,
    /// then the `--field` and `--file` parts) through ``Wireform/RequestSerializer/serializedRequest(method:url:headers:query:body:)``.
    /// - Throws: ``Wireform/SerializationError`` from Wireform, naming the bad key path, header, media type or file,
    ///   or the parameters' JSON error (`invalidJSON`, `bodyTooLarge`), which ``ParamsInput`` turns into a usage
    ///   error.
    func build() throws -> SerializedRequest {
        // `validate()` refused a command line without METHOD and URL.
        guard let methodName = arguments.method, let urlText = arguments.url else { preconditionFailure() }
        let (url, userInfo) = try URLUserInfo.split(PathParameterOption.expand(urlText, with: arguments.pathParam))
        var serializer = try makeSerializer()
        if let userInfo {
            if let other = arguments.authorizationOptions.first {
                throw UsageError(
                    "The URL's user information and '\(other)' both set the Authorization header; use one")
            }
            try serializer.setBasicAuthorization(username: userInfo.user, password: userInfo.password)
        }
        let method = try RequestMethod(validating: methodName)
        let headers = try makeHeaders()
        if !arguments.boundary.isEmpty {
            let type = headers[.contentType].flatMap { ContentType($0) }
            guard type.map({ $0.type == "multipart" }) ?? arguments.isMultipart else {
                throw UsageError("'--boundary' applies only to multipart bodies (use --format multipart)")
            }
        }
        let format = try bodyFormat(headers: headers, serializer: serializer)
        let isMultipartFormat = format?.mediaType.hasSameEssence(as: .multipartFormData) ?? false
        if arguments.hasParts && !isMultipartFormat {
            throw UsageError(
                "'--field' and '--file' make a multipart body, but the request's Content-Type is "
                    + quoted(headers[.contentType] ?? format.map { $0.mediaType.description } ?? "")
            )
        }
        // A multipart body asked for explicitly (`--field`, `--file`, `--format multipart`, `-t multipart/…`)
        // always goes in the body, whatever `--uri-methods` says; Wireform refuses it for GET and HEAD.
        let isExplicitMultipart = isMultipartFormat && (arguments.isMultipart || !arguments.contentType.isEmpty)
        let isInURL = serializer.methodsEncodingParametersInURL.contains(method)
        if isMultipartFormat && (isExplicitMultipart || !isInURL) {
            // A form: the parameters' fields as the text is read, then the parts. For GET and HEAD the library
            // refuses the body, after any error in the parameters, as always.
            return try multipartRequest(method: method, url: url, headers: headers, serializer: serializer)
        }
        // `-f` chose the format for this request: it wins over the format of a `-H Content-Type`.
        let chosen = arguments.format.isEmpty ? nil : format
        guard let parameters else {
            return try serializer.serializedRequest(
                method: method, url: url, headers: headers, parameters: nil, format: chosen)
        }
        return try serializer.serializedRequest(
            method: method, url: url, headers: headers, json: parameters, format: chosen)
    }

    /// Refuses, offline as with `--send`, a request AsyncHTTPClient refuses to send: a `TRACE` with content
    /// (RFC 9110, section 9.3.8: a client must not send content in a TRACE request); an empty body held in memory
    /// is sent as `Content-Length: 0` and allowed.
    /// - Throws: ``Wireform/SerializationError/Code/unsupportedBody``.
    static func checkSendable(_ request: SerializedRequest) throws(SerializationError) {
        guard request.method.description == "TRACE", let body = request.body else { return }
        if let bytes = body.bytes, bytes.isEmpty { return }
        throw SerializationError(
            .unsupportedBody,
            "A TRACE request cannot carry content (RFC 9110, section 9.3.8); put its parameters in the URL with "
                + "'--uri-methods TRACE'")
    }
}
