// swift-tools-version: 6.0

import PackageDescription

/// CI's one dependency graph for every package beside the root (issue 40): the tool, the four adapters and the
/// static AsyncHTTPClient app of `Scripts/linkage-test`, built and tested together so that SwiftNIO, NIOSSL,
/// AsyncHTTPClient and Wireform are compiled once per configuration instead of once per package.
///
/// It holds no code of its own. The test targets are symbolic links to each package's own test folder, and depend
/// on what that package's manifest gives them, through the package's products; the packages are used by path, as a
/// user uses them, so each one's manifest is what builds its library or tool here. Nothing depends on this package:
/// a user of `WireformHTTPTypes` still fetches only swift-http-types.
///
/// `.ci/run` builds it with `--build-tests` and runs `swift test --skip-build` (see its `all_packages` stage). A
/// package's own folder still builds and tests alone: `swift test --package-path Tools/wireform`.
let package = Package(
    name: "WireformAllPackages",
    platforms: [
        .macOS(.v13)
    ],
    dependencies: [
        .package(name: "Wireform", path: "../.."),
        .package(name: "WireformTool", path: "../../Tools/wireform"),
        .package(name: "WireformAsyncHTTPClient", path: "../../Integrations/AsyncHTTPClient"),
        .package(name: "WireformOpenAPIRuntime", path: "../../Integrations/OpenAPIRuntime"),
        .package(name: "WireformHTTPTypes", path: "../../Integrations/HTTPTypes"),
        .package(name: "WireformProtobuf", path: "../../Integrations/Protobuf"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
    ],
    targets: [
        // Integrations/AsyncHTTPClient/StaticUploadApp's source, linked here with `--static-swift-stdlib` for
        // Scripts/linkage-test (see `.ci/run`).
        .executableTarget(
            name: "StaticUploadApp",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "WireformAsyncHTTPClient", package: "WireformAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // Integrations/Protobuf's fixture writer, for Integrations/Protobuf/Scripts/python-check.
        .executableTarget(
            name: "WireformProtobufFixtures",
            dependencies: [
                .product(name: "WireformProtobuf", package: "WireformProtobuf"),
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        // The tool's source once more, its own module compiled with ThreadSanitizer and linked with its runtime;
        // SwiftNIO, AsyncHTTPClient and Wireform are the plain objects built for everything else. `.ci/run` runs
        // the tool's tests against this binary (its `tsan` stage says why there and not everywhere).
        .executableTarget(
            name: "wireformThreadSanitizer",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformFormURLEncoded", package: "Wireform"),
                .product(name: "WireformJSONBody", package: "Wireform"),
                .product(name: "WireformPropertyListBody", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "WireformAsyncHTTPClient", package: "WireformAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: [.unsafeFlags(["-sanitize=thread"])],
            linkerSettings: [.unsafeFlags(["-sanitize=thread"])]
        ),
        // The tool's tests start the `wireform` binary beside the test bundle.
        .testTarget(
            name: "WireformToolTests",
            dependencies: [
                .product(name: "wireform", package: "WireformTool")
            ]
        ),
        .testTarget(
            name: "WireformAsyncHTTPClientTests",
            dependencies: [
                .product(name: "WireformAsyncHTTPClient", package: "WireformAsyncHTTPClient"),
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .testTarget(
            name: "WireformOpenAPIRuntimeTests",
            dependencies: [
                .product(name: "WireformOpenAPIRuntime", package: "WireformOpenAPIRuntime"),
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "WireformHTTPTypesTests",
            dependencies: [
                .product(name: "WireformHTTPTypes", package: "WireformHTTPTypes"),
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "WireformProtobufTests",
            dependencies: [
                .product(name: "WireformProtobuf", package: "WireformProtobuf"),
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformJSONBody", package: "Wireform"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
    ]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
