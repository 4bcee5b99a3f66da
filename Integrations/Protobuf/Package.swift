// swift-tools-version: 6.0

// WireformProtobuf: protobuf bodies for Wireform through its public plugin API only (`BodySerializer`,
// `TypedBodySerializer`, `BodySerializerRegistry`), built on apple/swift-protobuf's runtime. No protoc, no plugin,
// no generated code: the tests use the runtime's well-known types. The root package keeps no dependencies.
import PackageDescription

let package = Package(
    name: "WireformProtobuf",
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
        .tvOS(.v16),
        .watchOS(.v9),
        .visionOS(.v1),
    ],
    products: [
        .library(name: "WireformProtobuf", targets: ["WireformProtobuf"])
    ],
    dependencies: [
        .package(name: "Wireform", path: "../.."),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
    ],
    targets: [
        .target(
            name: "WireformProtobuf",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        // Writes bodies for Scripts/python-check, which decodes them with Python's protobuf package.
        .executableTarget(
            name: "WireformProtobufFixtures",
            dependencies: [
                "WireformProtobuf",
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        .testTarget(
            name: "WireformProtobufTests",
            dependencies: [
                "WireformProtobuf",
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
