import Foundation
import Wireform

/// Builds the ``Wireform/SerializedRequest`` a command line describes, through Wireform's public API only.
struct RequestBuilder {
    let options: Options
    /// `--params` or `--params-file`, read by the library as the request is built.
    let parameters: JSONText?

    /// The query style `--query-style`, `--bool`, `--key-order` and `--allow-reserved` describe.
    var queryStyle: StandardQueryStyle {
        var style: StandardQueryStyle
        switch options.queryStyle {
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
        style.bools = (options.bools ?? options.queryStyle.defaultBools) == .numeric ? .numeric : .literal
        style.keyOrdering = options.keyOrder == .sorted ? .sorted : .insertion
        if options.allowsReserved { style.reservedCharacters = .allowed }
        return style
    }

    /// The request serializer: registry, body format, query style, URI methods, default headers, authorization.
    /// - Throws: ``Wireform/SerializationError`` for invalid credentials, methods or boundaries.
    func makeSerializer() throws -> RequestSerializer {
        let style = queryStyle
        var serializer = RequestSerializer(
            registry: try FormatCatalog.registry(for: options, queryStyle: style),
            bodyMediaType: FormatCatalog.mediaType(of: options.isMultipart ? .multipart : options.format ?? .form),
            queryStyle: style,
            includesDefaultHeaders: options.includesDefaultHeaders
        )
        if let uriMethods = options.uriMethods {
            var methods: Set<RequestMethod> = []
            for name in uriMethods { methods.insert(try RequestMethod(validating: name)) }
            serializer.methodsEncodingParametersInURL = methods
        }
        if let (user, password) = options.basic {
            try serializer.setBasicAuthorization(username: user, password: password)
        }
        if let bearer = options.bearer { try serializer.setBearerToken(bearer) }
        return serializer
    }

    /// The request's own headers: `--header` in order, then `--content-type`.
    /// - Throws: ``Wireform/SerializationError`` naming the bad header or media type.
    func makeHeaders() throws -> HeaderFields {
        var headers = HeaderFields()
        for (name, value) in options.headers {
            try headers.addValue(value, for: HeaderFields.Name(validating: name))
        }
        if let contentType = options.contentType {
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
        let (url, userInfo) = try URLUserInfo.split(
            PathParameterOption.expand(options.url, with: options.pathParameters))
        var serializer = try makeSerializer()
        if let userInfo {
            if let other = options.authorizationOptions.first {
                throw UsageError(
                    "The URL's user information and '\(other)' both set the Authorization header; use one")
            }
            try serializer.setBasicAuthorization(username: userInfo.user, password: userInfo.password)
        }
        let method = try RequestMethod(validating: options.method)
        let headers = try makeHeaders()
        if options.boundary != nil {
            let type = headers[.contentType].flatMap { ContentType($0) }
            guard type.map({ $0.type == "multipart" }) ?? options.isMultipart else {
                throw UsageError("'--boundary' applies only to multipart bodies (use --format multipart)")
            }
        }
        let format = try bodyFormat(headers: headers, serializer: serializer)
        let isMultipartFormat = format?.mediaType.hasSameEssence(as: .multipartFormData) ?? false
        if !options.formParts.isEmpty && !isMultipartFormat {
            throw UsageError(
                "'--field' and '--file' make a multipart body, but the request's Content-Type is "
                    + quoted(headers[.contentType] ?? format.map { $0.mediaType.description } ?? "")
            )
        }
        // A multipart body asked for explicitly (`--field`, `--file`, `--format multipart`, `-t multipart/…`)
        // always goes in the body, whatever `--uri-methods` says; Wireform refuses it for GET and HEAD.
        let isExplicitMultipart = isMultipartFormat && (options.isMultipart || options.contentType != nil)
        let isInURL = serializer.methodsEncodingParametersInURL.contains(method)
        if isMultipartFormat && (isExplicitMultipart || !isInURL) {
            // A form: the parameters' fields as the text is read, then the parts. For GET and HEAD the library
            // refuses the body, after any error in the parameters, as always.
            return try multipartRequest(method: method, url: url, headers: headers, serializer: serializer)
        }
        // `-f` chose the format for this request: it wins over the format of a `-H Content-Type`.
        let chosen = options.format != nil ? format : nil
        guard let parameters else {
            return try serializer.serializedRequest(
                method: method, url: url, headers: headers, parameters: nil, format: chosen)
        }
        return try serializer.serializedRequest(
            method: method, url: url, headers: headers, json: parameters, format: chosen)
    }
}
