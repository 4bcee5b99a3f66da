// swift-tools-version: 6.0

// Proves that an app links only the formats it imports (run by Scripts/linkage-test): `FormOnlyApp` imports
// Wireform and WireformFormURLEncoded; `FormAndJSONApp` also imports WireformJSONBody, the control that shows the
// symbol check can see a linked format. `AllFormatsApp` imports Wireform and the four formats and must need no
// Foundation (only FoundationEssentials) and build with `--static-swift-stdlib`; `EdgeApp` imports
// WireformFoundation, the control that links FoundationNetworking; `EssentialsHelloApp` is the size floor.
import PackageDescription

let package = Package(
    name: "LinkageTest",
    dependencies: [.package(name: "Wireform", path: "../..")],
    targets: [
        .executableTarget(
            name: "FormOnlyApp",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformFormURLEncoded", package: "Wireform"),
            ]
        ),
        .executableTarget(
            name: "FormAndJSONApp",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformFormURLEncoded", package: "Wireform"),
                .product(name: "WireformJSONBody", package: "Wireform"),
            ]
        ),
        .executableTarget(
            name: "AllFormatsApp",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformFormURLEncoded", package: "Wireform"),
                .product(name: "WireformJSONBody", package: "Wireform"),
                .product(name: "WireformPropertyListBody", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
            ]
        ),
        .executableTarget(
            name: "EdgeApp",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformFoundation", package: "Wireform"),
            ]
        ),
        .executableTarget(name: "EssentialsHelloApp"),
    ]
)
