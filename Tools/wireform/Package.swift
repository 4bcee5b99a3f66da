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
