// swift-tools-version: 6.0

import PackageDescription

/// The `wireform` command-line tool: a package of its own, so that the library at the root depends on nothing but
/// the Swift toolchain. It uses Wireform by path, like every package under `Integrations/`.
let package = Package(
    name: "WireformTool",
    platforms: [
        .macOS(.v13)
    ],
    products: [
        .executable(name: "wireform", targets: ["wireform"])
    ],
    dependencies: [
        .package(name: "Wireform", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(name: "WireformAsyncHTTPClient", path: "../../Integrations/AsyncHTTPClient"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
    ],
    targets: [
        .executableTarget(
            name: "wireform",
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
            ]
        ),
        .testTarget(
            name: "WireformToolTests",
            dependencies: ["wireform"]
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
