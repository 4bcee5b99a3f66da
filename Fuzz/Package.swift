// swift-tools-version: 6.0

import PackageDescription

// libFuzzer targets for Wireform. Build and run them with `Fuzz/run` (see Fuzz/README.md).
let package = Package(
    name: "WireformFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Wireform", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "Wireform", package: "Wireform")]),
        .executableTarget(
            name: "FuzzQuery",
            dependencies: [
                "FuzzSupport",
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformFormURLEncoded", package: "Wireform"),
            ]
        ),
        .executableTarget(
            name: "FuzzHeaders",
            dependencies: [
                "FuzzSupport",
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformFormURLEncoded", package: "Wireform"),
                .product(name: "WireformFoundation", package: "Wireform"),
            ]
        ),
        .executableTarget(
            name: "FuzzBodies",
            dependencies: [
                "FuzzSupport",
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformJSONBody", package: "Wireform"),
                .product(name: "WireformPropertyListBody", package: "Wireform"),
            ]
        ),
        .executableTarget(
            name: "FuzzEncodable",
            dependencies: [
                "FuzzSupport",
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformFormURLEncoded", package: "Wireform"),
                .product(name: "WireformJSONBody", package: "Wireform"),
            ]
        ),
        .executableTarget(
            name: "FuzzDepth",
            dependencies: [
                "FuzzSupport",
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformFormURLEncoded", package: "Wireform"),
                .product(name: "WireformFoundation", package: "Wireform"),
                .product(name: "WireformJSONBody", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "WireformPropertyListBody", package: "Wireform"),
            ]
        ),
        .executableTarget(
            name: "FuzzMultipart",
            dependencies: [
                "FuzzSupport",
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "WireformFoundation", package: "Wireform"),
            ]
        ),
    ]
)
