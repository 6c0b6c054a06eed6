// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "journal",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "journal", targets: ["journal"]),
        .library(name: "JournalCore", targets: ["JournalCore"]),
        .library(name: "Mustache", targets: ["Mustache"]),
        .library(name: "JournalLookup", targets: ["JournalLookup"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // cmark-gfm from Debian (libcmark-gfm-dev, libcmark-gfm-extensions-dev).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // librsvg and cairo from Debian (librsvg2-dev): share cards drawn as SVG, written as PNG.
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
        ),
        // libvips from Debian (libvips-dev): covers read, cut square and resized once, at build,
        // into the sizes pages show them at, as WebP and JPEG. It shrinks a JPEG while it loads
        // and is what the fastest image pipelines (sharp, imgproxy) are built on.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"]), .brew(["vips"])]
        ),
        // The few system calls Swift's Glibc and Darwin modules do not expose (renameat2).
        .target(name: "CPlatform"),
        // Turns templates/ (the default theme) into Swift source, so the binary carries its theme.
        .executableTarget(name: "EmbedTheme"),
        .plugin(
            name: "EmbedThemePlugin",
            capability: .buildTool(),
            dependencies: ["EmbedTheme"]
        ),
        // The template engine: Mustache with inheritance, rendered from typed values. Depends on nothing.
        .target(name: "Mustache"),
        .target(
            name: "JournalCore",
            dependencies: [
                "Mustache",
                "CCmarkGFM",
                "CPlatform",
                "CRsvg",
                "CVips",
                .product(name: "Yams", package: "Yams"),
                // ListenBrainz exports are zips, read in memory.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            // DefaultTheme is a link to templates/, there only so that SwiftPM watches the theme
            // folder: see Plugins/EmbedThemePlugin/plugin.swift. Its files are not sources.
            exclude: ["DefaultTheme"],
            plugins: ["EmbedThemePlugin"]
        ),
        // `journal serve`: builds into a folder of its own, serves it over HTTP (FlyingFox), watches
        // the journal and reloads open pages. Its own target, so JournalCore knows nothing of HTTP.
        .target(
            name: "JournalServe",
            dependencies: [
                "JournalCore",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        // The music services `journal add` and `journal enrich` ask (iTunes Search, MusicBrainz,
        // the Cover Art Archive, Deezer, Odesli): a paced, caching HTTP client and each service's
        // requests and decoders; and `journal add` and `journal enrich`, which look songs up and
        // write what they find to the journal's catalogue (JournalCore).
        .target(name: "JournalLookup", dependencies: ["JournalCore"]),
        // The command line as a library, so its exit codes and output are tested.
        .target(
            name: "JournalCLI",
            dependencies: [
                "JournalCore",
                "JournalServe",
                "JournalLookup",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "journal",
            dependencies: ["JournalCLI"]
        ),
        .testTarget(
            name: "JournalCoreTests",
            dependencies: ["JournalCore", "Mustache", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // A stub of the music services for tests, on 127.0.0.1, on threads of its own: registered
        // answers, every request recorded with its time.
        .target(
            name: "LookupStub",
            dependencies: ["JournalLookup"],
            path: "Tests/LookupStub"
        ),
        .testTarget(
            name: "JournalLookupTests",
            dependencies: ["JournalLookup", "LookupStub"]
        ),
        .testTarget(
            name: "MustacheTests",
            dependencies: ["Mustache"],
            // The official spec's suites, read by SpecTests from the source tree (test data, not resources).
            exclude: ["Spec"]
        ),
        .testTarget(
            name: "JournalCLITests",
            dependencies: ["JournalCLI", "LookupStub", .product(name: "Yams", package: "Yams")]
        ),
        .testTarget(
            name: "JournalServeTests",
            dependencies: ["JournalServe", "JournalCLI"]
        ),
    ]
)
