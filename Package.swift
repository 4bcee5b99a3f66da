// swift-tools-version: 6.0

import PackageDescription

let package = Package(
    name: "Wireform",
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
        .tvOS(.v16),
        .watchOS(.v9),
        .visionOS(.v1),
    ],
    products: [
        .library(name: "Wireform", targets: ["Wireform"]),
        .library(name: "WireformFormURLEncoded", targets: ["WireformFormURLEncoded"]),
        .library(name: "WireformJSONBody", targets: ["WireformJSONBody"]),
        .library(name: "WireformPropertyListBody", targets: ["WireformPropertyListBody"]),
        .library(name: "WireformMultipart", targets: ["WireformMultipart"]),
        .library(name: "WireformFoundation", targets: ["WireformFoundation"]),
    ],
    targets: [
        .target(name: "Wireform", path: "Sources/Core"),
        .target(name: "WireformFormURLEncoded", dependencies: ["Wireform"], path: "Sources/FormURLEncoded"),
        .target(name: "WireformJSONBody", dependencies: ["Wireform"], path: "Sources/JSONBody"),
        .target(name: "WireformPropertyListBody", dependencies: ["Wireform"], path: "Sources/PropertyListBody"),
        .target(name: "WireformMultipart", dependencies: ["Wireform"], path: "Sources/Multipart"),
        .target(
            name: "WireformFoundation",
            dependencies: ["Wireform", "WireformMultipart"],
            path: "Sources/Foundation"
        ),
        .testTarget(
            name: "WireformTests", dependencies: ["Wireform", "WireformFoundation"], path: "Tests/WireformTests"),
        .testTarget(
            name: "WireformFormURLEncodedTests",
            dependencies: ["Wireform", "WireformFormURLEncoded", "WireformFoundation"],
            path: "Tests/WireformFormURLEncodedTests"
        ),
        .testTarget(
            name: "WireformJSONBodyTests",
            dependencies: ["Wireform", "WireformJSONBody", "WireformFoundation"],
            path: "Tests/WireformJSONBodyTests"
        ),
        .testTarget(
            name: "WireformPropertyListBodyTests",
            dependencies: ["Wireform", "WireformPropertyListBody", "WireformFoundation"],
            path: "Tests/WireformPropertyListBodyTests"
        ),
        .testTarget(
            name: "WireformMultipartTests",
            dependencies: ["Wireform", "WireformMultipart", "WireformFoundation"],
            path: "Tests/WireformMultipartTests"
        ),
        .testTarget(
            name: "DeepNestingTests",
            dependencies: [
                "Wireform", "WireformFormURLEncoded", "WireformJSONBody", "WireformPropertyListBody",
                "WireformMultipart", "WireformFoundation",
            ],
            path: "Tests/DeepNestingTests"
        ),
        .testTarget(
            name: "CustomFormatTests",
            dependencies: ["Wireform", "WireformFoundation"],
            path: "Tests/CustomFormatTests"
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
