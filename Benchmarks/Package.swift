// swift-tools-version: 6.1

import PackageDescription

let package = Package(
    name: "WireformBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Wireform", path: ".."),
        .package(name: "WireformHTTPTypes", path: "../Integrations/HTTPTypes"),
        .package(url: "https://github.com/vapor/multipart-kit.git", exact: "4.7.1"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", exact: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.7.0"),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", exact: "1.6.1"),
    ],
    targets: [
        // Scripts/memory-check's probe: JSON text into each format in a release build with no SwiftNIO.
        .executableTarget(
            name: "wireform-memory",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformJSONBody", package: "Wireform"),
                .product(name: "WireformFormURLEncoded", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "WireformPropertyListBody", package: "Wireform"),
            ]
        ),
        .executableTarget(
            name: "wireform-bench",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformJSONBody", package: "Wireform"),
                .product(name: "WireformFormURLEncoded", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "WireformPropertyListBody", package: "Wireform"),
                .product(name: "WireformFoundation", package: "Wireform"),
                .product(name: "WireformHTTPTypes", package: "WireformHTTPTypes"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
    ]
)
