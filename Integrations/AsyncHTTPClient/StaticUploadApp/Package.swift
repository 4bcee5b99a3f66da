// swift-tools-version: 6.0

import PackageDescription

// The static-linkage check of issue 22 for AsyncHTTPClient: an upload app that `Scripts/linkage-test` builds once with
// `swift build -c release --static-swift-stdlib` and runs against the local sink server. Its own package (not a
// target of WireformAsyncHTTPClient), so that a user of the adapter never builds it. CI links the same source in
// Tests/AllPackages, beside the tool, so that SwiftNIO is compiled once for both.
let package = Package(
    name: "StaticUploadApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Wireform", path: "../../.."),
        .package(name: "WireformAsyncHTTPClient", path: ".."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "StaticUploadApp",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "WireformAsyncHTTPClient", package: "WireformAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        )
    ]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
