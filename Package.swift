// swift-tools-version:6.2
import PackageDescription

/// stroke-triage: prehospital stroke triage toolkit (research use only).
let package = Package(
    name: "stroke-triage",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stroke-triage", targets: ["StrokeTriage"]),
        .library(name: "StrokeModels", targets: ["StrokeModels"]),
        .executable(name: "stroke-triage-server", targets: ["StrokeTriageServer"]),
        .library(name: "StrokeLocalAPI", targets: ["StrokeLocalAPI"]),
        .library(name: "TriageRendering", targets: ["TriageRendering"]),
        .library(name: "TriageEngine", targets: ["TriageEngine"]),
        .library(name: "StrokeJSON", targets: ["StrokeJSON"]),
        .library(name: "TriageFleet", targets: ["TriageFleet"]),
        .library(name: "TriageBatch", targets: ["TriageBatch"]),
    ],
    // Exact versions: a clinical tool builds the same code every time, and
    // Package.resolved is not committed. swift-asn1 is swift-crypto's own
    // dependency, pinned here too; swift-nio (used by the server packages) is
    // pinned because two releases of it satisfy them; swift-http-types is used
    // directly by the collector; swift-nio-extras (Hummingbird's own HTTP part
    // types) by the servers' channel handlers; swift-nio-ssl (already postgres-nio's and
    // Hummingbird's TLS dependency) by the servers' native TLS. The server packages are
    // used by the server targets only, never by the paramedic CLI.
    // To update: docs/design.md, "Updating dependencies".
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        .package(url: "https://github.com/apple/swift-asn1", exact: "1.7.4"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", exact: "1.21.1"),
        // The CDS Hooks clients' JSON Web Tokens (StrokeLocalAPI: CDSClientAuthorization, RS384/ES384 from a JWK Set).
        .package(url: "https://github.com/vapor/jwt-kit", exact: "5.8.0"),
    ],
    targets: [
        // Pure clinical models: no dependencies, no I/O, no randomness.
        .target(name: "StrokeModels"),
        // The text encodings, once: the JSON module (the ordered value type, the reader, the escaper
        // and the writers) and the one hex codec (lower-case hex of bytes, and back).
        .target(name: "StrokeJSON"),
        // Safe output files (temporary file, fsync, rename; never chmod a device; refuse links).
        .target(name: "OutputFiles", dependencies: ["StrokeModels"]),
        // libcurl's headers (libcurl4-openssl-dev); the library itself is
        // loaded with dlopen on first use (Sources/CCurl/shim.h explains why).
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // The one HTTP client: libcurl (CurlEasy, the one file that imports CCurl), each transfer on a
        // thread of its own, the one retry loop (RetryingTransfer, on an injected clock) and a single
        // request (JSONTransfer); used by the cloud client, the push, the relay client and the board.
        .target(
            name: "HTTPTransfer",
            dependencies: ["StrokeModels", "CCurl", .product(name: "Logging", package: "swift-log")]
        ),
        // The prediction Cloud Functions client (through HTTPTransfer's retry loop).
        .target(
            name: "StrokeCloud",
            dependencies: [
                "StrokeModels", "StrokeJSON", "HTTPTransfer",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "StrokeCenters", dependencies: ["StrokeModels", "StrokeJSON"]),
        // The curated stroke centers and the German gazetteer, embedded in the
        // binary (built by Scripts/build-centers.py and Scripts/build-gazetteer.py).
        .target(
            name: "CentersData",
            path: "Data",
            exclude: ["README.md"],
            sources: ["Swift"],
            resources: [.embedInCode("stroke-centers.json")]
        ),
        // The audit log's format, on disk and on the wire (Crypto only): the record hash, the signed
        // messages and the signed head; what a device and the collector exchange (the signed request,
        // key endorsements, the push payload, data keys wrapped to the organisation key), shared by the
        // device's log, the push, the collector, the relay and the fleet export.
        .target(
            name: "AuditFormat",
            dependencies: ["StrokeModels", "StrokeJSON", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The audit benchmark's raw-SQLite baseline (the C API, same pragmas as the log).
        .systemLibrary(
            name: "CAuditBenchSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // English and German strings, embedded in the binary so an installed
        // copy needs no resource bundle beside it.
        .target(
            name: "TriageLocalization",
            dependencies: ["StrokeModels"],
            path: "Localization",
            exclude: ["README.md"],
            sources: ["Swift"],
            resources: [.embedInCode("en"), .embedInCode("de")]
        ),
        // Constant-memory CSV / JSON Lines reading and buffered writing for batch (JSON escaping from StrokeJSON).
        .target(name: "BatchStreaming", dependencies: ["StrokeModels", "StrokeJSON"]),
        // The triage engine's output forms: input catalogue, outcome types, every JSON form,
        // the text result and the handover report (no ArgumentParser, no terminal I/O).
        .target(
            name: "TriageRendering",
            dependencies: [
                "StrokeModels", "StrokeCenters", "TriageLocalization", "StrokeJSON",
                // The FHIR Bundle's name-based UUIDs (SHA-256, and StrokeJSON's hex codec).
                .product(name: "Crypto", package: "swift-crypto"),
                // The report's and the FHIR Bundle's times (UTCTime, the one ISO 8601 formatter).
                "AuditFormat",
            ]
        ),
        .target(
            name: "StrokeAudit",
            dependencies: [
                "AuditFormat", "StrokeModels", "StrokeJSON", "OutputFiles", "BatchStreaming",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .executableTarget(name: "AuditBench", dependencies: ["StrokeAudit", "CAuditBenchSQLite"]),
        // Simulated ambulances pushing to real collector processes (test support for the fleet
        // tests and the ingest benchmark; in no shipping binary).
        .target(
            name: "FleetSimulator",
            dependencies: ["AuditFormat", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/FleetSimulator"
        ),
        // The collector ingest benchmark (Scripts/bench.d/collector): devices against raw COPY.
        .executableTarget(name: "CollectorBench", dependencies: ["FleetSimulator", "AuditFormat", "StrokeJSON"]),
        // The triage engine: plain settings, config policy, state directories, cloud settings,
        // prediction services, centers and routing, the audit trail, the disclaimer gate,
        // assessment sessions reporting to an event sink, and the interactive walkthrough as a
        // testable state machine with its conversation (no ArgumentParser, no terminal I/O).
        .target(
            name: "TriageEngine",
            dependencies: [
                "TriageRendering", "StrokeModels", "StrokeCloud", "HTTPTransfer", "StrokeCenters", "CentersData", "AuditFormat", "StrokeAudit",
                "TriageLocalization", "StrokeJSON", "OutputFiles", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test support: appends test events to an audit log, printing each acknowledged
        // sequence (crash-loop and concurrency tests kill or race it); in no shipping binary.
        .executableTarget(
            name: "AuditStress",
            dependencies: ["StrokeAudit", "TriageLocalization"],
            path: "Tests/AuditStress"
        ),
        // The batch engine: CSV / JSON Lines rows re-scored in constant memory, progress and
        // rejected rows reported to an event sink (no ArgumentParser, no terminal I/O).
        .target(
            name: "TriageBatch",
            dependencies: [
                "TriageEngine", "TriageRendering", "BatchStreaming", "StrokeModels", "StrokeJSON",
                "TriageLocalization", "OutputFiles", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Hospital pre-notification: the sealed case (HPKE to the hospital, signed by the device),
        // the urgency rule and the relay's wire bodies (no server packages: the CLI links it).
        .target(
            name: "CaseWire",
            dependencies: ["AuditFormat", "StrokeModels", "StrokeJSON", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The fleet export's format, writer and offline verifier (pure: no server
        // packages), shared by the collector that writes it and the CLI that verifies it.
        .target(
            name: "FleetExport",
            dependencies: ["AuditFormat", "OutputFiles", "StrokeJSON", "StrokeModels", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The device side of the fleet and of hospital pre-notification, above the engine: push to the
        // collector, push state, fleet-export verification, sealing, queue and relay client, and the glue
        // that takes the engine's outcomes and settings to them (no ArgumentParser; the engine never imports it).
        .target(
            name: "TriageFleet",
            dependencies: [
                "TriageEngine", "TriageRendering", "AuditFormat",
                "StrokeAudit", "CaseWire", "FleetExport", "StrokeCloud", "HTTPTransfer", "TriageLocalization", "StrokeJSON",
                "OutputFiles", "StrokeModels", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "StrokeTriage",
            dependencies: [
                "TriageEngine", "TriageRendering", "TriageBatch", "TriageFleet", "FleetExport",
                "StrokeModels", "StrokeCloud", "StrokeCenters", "StrokeAudit", "TriageLocalization", "StrokeJSON",
                // Hospital pre-notification (sealing, signed relay requests).
                "CaseWire",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The HTTP server kit, shared by every server (the local API, the collector, the relay, the board
        // and the station): Hummingbird's HTTP/1.1 server with handlers before its decoder or its
        // HTTPRequest conversion (the board's request-target check, the local API's request-line
        // handling), native TLS (ServerTLS: --tls-cert/--tls-key, docs/tls.md), the HOST:PORT parser, read
        // limits, the JSON and text answers with /healthz and /metrics, signed requests read (SignedRequest)
        // for the collector and the relay; the one start-up (ServerLaunch: logging, application, services,
        // graceful shutdown) and the one settings resolver (ServerSettings: flag, else environment, else
        // JSON config file). No PostgreSQL: the board links this kit only.
        .target(
            name: "HTTPServerKit",
            dependencies: [
                "StrokeModels", "StrokeJSON", "AuditFormat",
                // The RSA key size of a served certificate.
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The PostgreSQL server kit, shared by the servers with a database (the collector, the relay
        // and the station): the pool, URL, transactions, migrations, the nonces of signed requests
        // (NonceStore), the devices table as the relay sees it (DeviceRegistry), the PostgreSQL tools and
        // the station's cluster with its TLS files (`tls init`), and the servers' administration error
        // (CollectorError).
        .target(
            name: "PostgresServerKit",
            dependencies: [
                "StrokeModels", "HTTPServerKit",
                // The station's private files (StationDirectory) through the one durable writer (DurableFile).
                "OutputFiles",
                // `tls init`: a private CA and the station's certificate (StationTLS).
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The fleet audit collector's logic: PostgreSQL store, device
        // signatures, push checks, HTTP application (no ArgumentParser).
        .target(
            name: "StrokeCollector",
            dependencies: [
                "AuditFormat", "FleetExport", "StrokeModels", "StrokeJSON", "HTTPServerKit", "PostgresServerKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The pre-notification relay: sealed cases per hospital in the collector's PostgreSQL
        // (through the kit's DeviceRegistry, never the collector module), signed device and
        // hospital requests, expiry (docs/prenotify.md).
        .target(
            name: "StrokeRelay",
            dependencies: [
                "CaseWire", "AuditFormat", "StrokeModels", "StrokeJSON", "HTTPServerKit", "PostgresServerKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The hospital's board: polls the relay, opens and verifies cases locally, serves the wall page.
        .target(
            name: "StrokeBoard",
            dependencies: [
                "CaseWire", "StrokeJSON", "StrokeModels", "TriageLocalization", "OutputFiles",
                // The board derives each case's decision as the device renders it (CaseDecision: DecisionRendering);
                // GET /cases/{id}.fhir.json: the device's FHIR Bundle of the case (FHIRBundle).
                "TriageRendering",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                "HTTPServerKit",
                // The relay client's libcurl transport (JSONTransfer).
                "HTTPTransfer",
            ]
        ),
        // The local HTTP API: the Cloud Functions contract answered from the local
        // models, and the /v1 routes (the CLI's --json through TriageEngine and
        // TriageRendering), with its OpenAPI document embedded (no ArgumentParser).
        .target(
            name: "StrokeLocalAPI",
            dependencies: [
                "StrokeModels", "TriageLocalization", "StrokeJSON", "TriageRendering", "TriageEngine", "StrokeAudit", "StrokeCenters",
                "HTTPServerKit", "OutputFiles", "AuditFormat",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            resources: [.embedInCode("Resources/openapi.json")]
        ),
        // The server executable: commands only (separate from the paramedic CLI).
        .executableTarget(
            name: "StrokeTriageServer",
            dependencies: [
                "StrokeCollector", "StrokeRelay", "StrokeBoard", "CaseWire", "FleetExport", "OutputFiles", "StrokeLocalAPI", "StrokeJSON",
                // Every server command's TLS (ServerTLS, TLSOptions); the station's cluster and `tls init` (StationCluster, StationTLS).
                "HTTPServerKit", "PostgresServerKit",
                // The listings' times (UTCTime, the one ISO 8601 formatter).
                "AuditFormat",
                // The board's header names the hospital from the centers data (HospitalLocator).
                "TriageEngine",
                // The exit-code table (ErrorCategory) of the one server error printer (ServerFailure).
                "StrokeModels",
                // The api command's environment (ProcessEnvironment: the process's, or a test's).
                "TriageLocalization",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "StrokeModelsTests",
            dependencies: ["StrokeModels", "TriageLocalization"],
            exclude: ["Fixtures"]
        ),
        // Test support: the fake Cloud Functions (the contract and faults of Scripts/fake-cloud-server.py),
        // served in the test process (FakeCloud) for the cloud and end-to-end tests.
        .target(name: "FakeCloudLauncher", path: "Tests/FakeCloudLauncher"),
        // Test support: a throwaway CA and server certificate made with openssl (the TLS tests).
        .target(name: "TLSFixture", path: "Tests/TLSFixture"),
        // Test support: the CLI's recorded JSON outputs, shared by the in-process rendering and engine suites.
        .target(name: "GoldenFiles", path: "Tests/GoldenFiles"),
        // Test support: the test process's one scratch folder (removed at exit) and the one way tests start a process (ChildProcess).
        .target(name: "TestScratch", path: "Tests/TestScratch"),
        // Test support: reading JSON answers through StrokeJSON's JSONValue (paths through optional values), never `[String: Any]`.
        .target(name: "TestJSON", dependencies: ["StrokeJSON"], path: "Tests/TestJSON"),
        // Test support: `stroke-triage` and `stroke-triage-server` command lines run in the test process (InProcessCLI, InProcessServerCLI).
        .target(name: "CLITestSupport", dependencies: ["StrokeTriage", "StrokeTriageServer", "TriageLocalization", "StrokeJSON", "TestScratch", "TestJSON"], path: "Tests/CLITestSupport"),
        // Test support: the server tests' one HTTP client (HummingbirdTesting's TestClient behind a URL-based call).
        .target(
            name: "HTTPTestClient",
            dependencies: [
                "TestScratch",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Tests/HTTPTestClient"
        ),
        .testTarget(
            name: "TriageFleetTests",
            dependencies: [
                "TriageFleet", "AuditFormat", "StrokeAudit", "StrokeCloud", "CaseWire", "StrokeJSON", "TriageLocalization", "FleetExport",
                "TestScratch", "TestJSON", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "StrokeCloudTests", dependencies: ["StrokeCloud", "HTTPTransfer", "StrokeModels", "FakeCloudLauncher", "StrokeJSON", "TestJSON", "TestScratch"]),
        .testTarget(name: "StrokeCentersTests", dependencies: ["StrokeCenters", "StrokeModels", "CentersData", "TestScratch", "TriageLocalization"]),
        // In-process benchmark of the nearest-center index (Scripts/bench.d/centers).
        .executableTarget(name: "CentersBench", dependencies: ["StrokeCenters", "StrokeModels", "StrokeJSON"]),
        // StrokeJSON against the hot-path reader/writer copies kept beside it (Scripts/bench.d/json).
        .executableTarget(name: "JSONBench", dependencies: ["StrokeJSON", "BatchStreaming"]),
        .testTarget(
            name: "StrokeAuditTests",
            dependencies: [
                "AuditFormat", "StrokeAudit", "StrokeModels", "StrokeJSON", "TestScratch", "TestJSON",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "BatchStreamingTests", dependencies: ["BatchStreaming", "StrokeJSON"]),
        .testTarget(name: "StrokeJSONTests", dependencies: ["StrokeJSON"]),
        // The one error protocol: every library error type's codes against docs/errors.md
        // (ErrorCodeChecks is the shared checker; the server modules' types are checked in their suites).
        .target(name: "ErrorCodeChecks", dependencies: ["StrokeModels", "TriageLocalization"], path: "Tests/ErrorCodeChecks"),
        .testTarget(
            name: "ErrorCodesTests",
            dependencies: [
                "ErrorCodeChecks", "StrokeModels", "TriageLocalization", "StrokeCloud", "HTTPTransfer", "StrokeCenters", "StrokeAudit",
                "OutputFiles", "BatchStreaming", "FleetExport", "CaseWire", "TriageEngine", "TriageFleet", "TriageBatch",
            ]
        ),
        .testTarget(
            name: "TriageBatchTests",
            dependencies: ["TriageBatch", "TriageEngine", "StrokeModels", "TriageLocalization", "TestScratch"]
        ),
        // The rendering and engine libraries in process (JSON and text against the CLI's goldens).
        .testTarget(name: "TriageRenderingTests", dependencies: ["TriageRendering", "AuditFormat", "StrokeModels", "StrokeCenters", "TriageEngine", "TriageLocalization", "StrokeJSON", "GoldenFiles", "TestJSON"]),
        .testTarget(
            name: "TriageEngineTests",
            dependencies: ["TriageEngine", "TriageRendering", "StrokeModels", "StrokeCenters", "StrokeCloud", "StrokeAudit", "TriageLocalization", "TriageFleet", "CaseWire", "GoldenFiles", "StrokeJSON", "AuditFormat",
                           "TestScratch", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "OutputFilesTests", dependencies: ["OutputFiles", "TestScratch"]),
        .testTarget(
            name: "CaseWireTests",
            dependencies: ["CaseWire", "AuditFormat", "StrokeModels", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Runs the built binary (and the walkthrough through a pseudo-terminal);
        // GRDB tampers with the audit database as an attacker with file access would.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "StrokeTriage", "TriageEngine", "StrokeCloud", "HTTPTransfer", "TriageLocalization", "StrokeModels", "StrokeAudit",
                // The FHIR Bundle and CDS cards read back (FHIRValidationTests).
                "StrokeJSON", "TriageRendering",
                "FakeCloudLauncher", "TLSFixture", "TestScratch", "TestJSON", "CLITestSupport", "HTTPTestClient", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"), .product(name: "HTTPTypes", package: "swift-http-types"),
                // The local API served in the test process.
                "StrokeLocalAPI", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // Golden/: the CLI's recorded --json output (GoldenJSONTests reads it by path).
            exclude: ["Golden"]
        ),
        // The local API in process (HummingbirdTesting) and its answers through the cloud client's decoders.
        .testTarget(
            name: "StrokeLocalAPITests",
            dependencies: [
                "StrokeLocalAPI", "StrokeModels", "StrokeCloud", "ErrorCodeChecks", "TriageRendering", "TriageEngine", "StrokeAudit",
                "CaseWire", "TriageLocalization", "StrokeJSON", "TestJSON", "HTTPTestClient",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                // The CDS clients' tokens, signed in the test (CDSClientAuthorizationTests).
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // The collector against a throwaway PostgreSQL cluster the tests start themselves.
        .testTarget(
            name: "StrokeCollectorTests",
            dependencies: [
                "StrokeCollector", "AuditFormat", "StrokeAudit", "StrokeRelay", "StrokeBoard", "CaseWire", "FleetExport",
                "FleetSimulator", "ErrorCodeChecks", "StrokeModels", "StrokeJSON", "TriageRendering", "TriageLocalization", "TestScratch", "TestJSON", "HTTPTestClient", "CLITestSupport",
                "StrokeTriageServer", "TriageEngine",
                // Native TLS: the servers' set-up, the clients' private CA, throwaway certificates; the shipped push client.
                "HTTPServerKit", "PostgresServerKit", "TriageFleet", "StrokeCloud", "HTTPTransfer", "TLSFixture",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // `tls init` and the TLS policy (StationTLSTests): certificates made in process, a TLS 1.2 client offering chosen suites.
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
            ]
        ),
    ]
)

// Zero compiler warnings in the package's own targets (issue 35): every warning of a library or an
// executable is an error, in every build (debug, release); dependencies keep their own settings.
// Test targets are left out: Swift 6.3's `@Test`/`@Suite` macro expansions warn on Linux
// ("'@const' value should be initialized with a compile-time value"), code we cannot change.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}
