// swift-tools-version: 6.0

import PackageDescription

// Benchmarks for WireformMultipart, outside the library package so the library keeps no extra targets.
// Run: swift build -c release && /usr/bin/time -v .build/release/MultipartBenchmark <mode> [file]
let package = Package(
    name: "MultipartBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Wireform", path: "../..")],
    targets: [
        .executableTarget(
            name: "MultipartBenchmark",
            dependencies: [
                .product(name: "Wireform", package: "Wireform"),
                .product(name: "WireformMultipart", package: "Wireform"),
            ]
        )
    ]
)
