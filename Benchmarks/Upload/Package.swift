// swift-tools-version: 6.0

import PackageDescription

// M3: one multipart file upload over loopback, through the AsyncHTTPClient adapter and through MultipartUploader
// over URLSession; `m3.py` runs them beside `curl -F` against one sink server.
let package = Package(
    name: "UploadBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Wireform", path: "../.."),
        .package(name: "WireformAsyncHTTPClient", path: "../../Integrations/AsyncHTTPClient"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "upload-bench",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
                .product(name: "WireformFoundation", package: "Wireform"),
                .product(name: "WireformAsyncHTTPClient", package: "WireformAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Sources/UploadBench"
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
