import Foundation
import HTTPTypes
import MultipartKit
import NIOCore
import NIOHTTP1
@_spi(Generated) import OpenAPIRuntime

/// M1: a multipart form built and serialized completely in memory.
enum MultipartBenchmarks {
    static func multipartKitBytes(_ input: MultipartInput) throws -> [UInt8] {
        var parts: [MultipartKit.MultipartPart] = []
        for (name, value) in zip(input.fieldNames, input.fieldValues) {
            var headers = NIOHTTP1.HTTPHeaders()
            headers.add(name: "Content-Disposition", value: "form-data; name=\"\(name)\"")
            parts.append(MultipartKit.MultipartPart(headers: headers, body: value))
        }
        for index in input.fileContents.indices {
            var headers = NIOHTTP1.HTTPHeaders()
            headers.add(
                name: "Content-Disposition",
                value: "form-data; name=\"\(input.fileNames[index])\"; filename=\"\(input.fileFilenames[index])\"")
            headers.add(name: "Content-Type", value: "application/octet-stream")
            parts.append(MultipartKit.MultipartPart(headers: headers, body: input.fileContents[index]))
        }
        var buffer = ByteBufferAllocator().buffer(capacity: 0)
        try MultipartSerializer().serialize(parts: parts, boundary: MultipartInput.boundary, into: &buffer)
        return Array(buffer.readableBytesView)
    }

    static func multipartKit(_ input: MultipartInput) throws -> Int {
        var parts: [MultipartKit.MultipartPart] = []
        parts.reserveCapacity(110)
        for (name, value) in zip(input.fieldNames, input.fieldValues) {
            var headers = NIOHTTP1.HTTPHeaders()
            headers.add(name: "Content-Disposition", value: "form-data; name=\"\(name)\"")
            parts.append(MultipartKit.MultipartPart(headers: headers, body: value))
        }
        for index in input.fileContents.indices {
            var headers = NIOHTTP1.HTTPHeaders()
            headers.add(
                name: "Content-Disposition",
                value: "form-data; name=\"\(input.fileNames[index])\"; filename=\"\(input.fileFilenames[index])\"")
            headers.add(name: "Content-Type", value: "application/octet-stream")
            parts.append(MultipartKit.MultipartPart(headers: headers, body: input.fileContents[index]))
        }
        var buffer = ByteBufferAllocator().buffer(capacity: 0)
        try MultipartSerializer().serialize(parts: parts, boundary: MultipartInput.boundary, into: &buffer)
        return buffer.readableBytes
    }

    static let openAPIConverter = Converter(
        configuration: Configuration(
            multipartBoundaryGenerator: ConstantMultipartBoundaryGenerator(boundary: MultipartInput.boundary)))

    static func openAPIBody(_ input: MultipartInput) throws -> HTTPBody {
        var parts: [MultipartRawPart] = []
        parts.reserveCapacity(110)
        for (name, value) in zip(input.fieldNames, input.fieldValues) {
            parts.append(MultipartRawPart(name: name, filename: nil, headerFields: [:], body: HTTPBody(value)))
        }
        for index in input.fileContents.indices {
            parts.append(
                MultipartRawPart(
                    name: input.fileNames[index],
                    filename: input.fileFilenames[index],
                    headerFields: [.contentType: "application/octet-stream"],
                    body: HTTPBody(input.fileContents[index])
                ))
        }
        var headers = HTTPFields()
        return try openAPIConverter.setRequiredRequestBodyAsMultipart(
            MultipartBody(parts),
            headerFields: &headers,
            contentType: "multipart/form-data",
            allowsUnknownParts: true,
            requiredExactlyOncePartNames: [],
            requiredAtLeastOncePartNames: [],
            atMostOncePartNames: [],
            zeroOrMoreTimesPartNames: [],
            encoding: { $0 }
        )
    }

    static func openAPI(_ input: MultipartInput) async throws -> Int {
        try await ArraySlice<UInt8>(collecting: try openAPIBody(input), upTo: 64 << 20).count
    }

    static func run() async throws -> [Row] {
        var rows: [Row] = []
        let workload = "M1 multipart 100×1KiB + 10×100KiB"
        let input = MultipartInput()
        let kitSize = try multipartKit(input)
        let openAPISize = try await openAPI(input)
        log("M1 sizes: multipart-kit \(kitSize), openapi \(openAPISize)")

        var candidates: [AsyncCandidate] = []
        candidates += try WireformMultipartBench.candidatesM1(input: input).map(AsyncCandidate.init)
        candidates.append(
            AsyncCandidate(
                Candidate(
                    implementation: "multipart-kit MultipartSerializer", unit: .megabytesPerSecond, bytesPerOp: kitSize
                ) {
                    try multipartKit(input)
                }))
        candidates.append(
            AsyncCandidate(
                implementation: "swift-openapi-runtime multipart (collected)", unit: .megabytesPerSecond,
                bytesPerOp: openAPISize
            ) { try await openAPI(input) })
        rows += try await measureInterleavedAsync(workload, candidates)
        return rows
    }
}
