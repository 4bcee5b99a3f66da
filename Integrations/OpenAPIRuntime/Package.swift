// swift-tools-version: 6.0

import PackageDescription

let package = Package(
    name: "WireformOpenAPIRuntime",
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
        .tvOS(.v16),
        .watchOS(.v9),
    ],
    products: [
        .library(name: "WireformOpenAPIRuntime", targets: ["WireformOpenAPIRuntime"])
    ],
    dependencies: [
        .package(name: "Wireform", path: "../.."),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Tests only: a real transport that sends to a server on 127.0.0.1.
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(
            name: "WireformOpenAPIRuntime",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "WireformOpenAPIRuntimeTests",
            dependencies: [
                "WireformOpenAPIRuntime",
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
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
