// swift-tools-version: 6.0

import PackageDescription

let package = Package(
    name: "WireformHTTPTypes",
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
        .tvOS(.v16),
        .watchOS(.v9),
    ],
    products: [
        .library(name: "WireformHTTPTypes", targets: ["WireformHTTPTypes"])
    ],
    dependencies: [
        .package(name: "Wireform", path: "../.."),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "WireformHTTPTypes",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "WireformHTTPTypesTests",
            dependencies: [
                "WireformHTTPTypes",
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
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
