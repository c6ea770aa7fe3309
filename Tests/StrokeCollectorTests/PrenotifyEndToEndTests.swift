import Foundation
import StrokeJSON
import Testing
import CLITestSupport
#if canImport(Glibc)
import Glibc
import TestJSON
#endif

/// Issue 17 end to end with real parts: a throwaway PostgreSQL, the relay and
/// two hospitals' boards from `stroke-triage-server`, and the paramedic CLI
/// sending with `--notify`. The relay and its logs never see a patient value;
/// a board shows exactly what the crew entered, and only its own cases.
@Suite("pre-notification end to end", .serialized)
struct PrenotifyEndToEndTests {
    /// Near Munich's center: the routed destination gets a drive-time ETA.
    static let origin = ["--lat", "48.1374", "--lon", "11.5755"]
    /// A full-module case with sentinel values, zeros and "no" answers.
    static let sentinelCase = ["full", "--age", "97", "--sbp", "150", "--dbp", "85", "--gfap", "4321.5", "--fast-ed", "0",
                               "--accept-disclaimer", "--mode", "offline", "--json"] + origin
    /// Strings that must never appear at the relay (its tables, its log) or a board's log.
    static let sentinels = ["4321.5", "\"age\":97"]

    /// The routing destination for the origin (its id is the hospital's id at the relay).
    static func routedHospital(_ h: PrenotifyHarness) async throws -> String { try await routedHospital { try await h.cli($0) } }

    /// The routing destination for the origin, from the CLI that `cli` runs.
    static func routedHospital(_ cli: ([String]) async throws -> PrenotifyHarness.Run) async throws -> String {
        let run = try await cli(["coma", "--gfap", "500", "--accept-disclaimer", "--mode", "offline", "--json"] + origin)
        let object = try JSONValue(parsing: Data(run.stdout.utf8)).object
        let destination = (object?["routing"].object)?["destination"].object
        guard let id = destination?["id"].stringValue else { throw PrenotifyHarness.Failure(description: "no routing: \(run.stdout)") }
        return id
    }

    /// The case's entry in `notify status --json` once the board's receipt says `state` (bounded wait).
    static func boardReceipt(_ h: PrenotifyHarness, _ caseId: String, _ state: String) async throws -> JSONValue {
        try await PrenotifyHarness.waitForAnswer(seconds: 60, "the board's receipt of \(caseId)") { () async throws -> JSONValue? in
            let run = try await h.cli(["notify", "status", "--json"])
            let entry = try JSONValue(parsing: run.stdout)["cases"].arrayValue?.first { $0["caseId"].stringValue == caseId }
            return entry?["board"].stringValue == state ? entry : nil
        }
    }

    /// The `{"notification": …}` object a `--json` module command prints on stderr after sending.
    static func notification(_ run: PrenotifyHarness.Run) throws -> JSONValue {
        for line in run.stderr.split(separator: "\n").reversed() where line.hasPrefix("{\"notification\"") {
            if let object = try JSONValue(parsing: Data(line.utf8)).object,
               let notification = object["notification"].object { return notification }
        }
        throw PrenotifyHarness.Failure(description: "no notification on stderr: \(run.stderr)")
    }

    /// Waits until the board lists `caseId`; returns that case.
    static func boardCase(_ board: String, _ caseId: String, where condition: @escaping (JSONValue) -> Bool = { _ in true })
        async throws -> JSONValue {
        try await PrenotifyHarness.waitForAnswer(seconds: 60, "case \(caseId) on \(board)") { () async throws -> JSONValue? in
            try await PrenotifyHarness.boardCases(board).first { $0["caseId"].stringValue == caseId && condition($0) }
        }
    }

    /// The queue files hold ciphertext only, owner-only.
    static func checkQueue(_ h: PrenotifyHarness) throws {
        let queue = h.home.appendingPathComponent("state/notify")
        let directoryMode = try FileManager.default.attributesOfItem(atPath: queue.path)[.posixPermissions] as? Int
        #expect(directoryMode == 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: queue.path) {
            let file = queue.appendingPathComponent(name)
            #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600, "\(name)")
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            for sentinel in sentinels { #expect(!text.contains(sentinel), "\(name) holds a patient value") }
        }
    }

    @Test("a full-module case reaches its hospital's board exactly, with the ETA to the center the relay ties it to; the relay, its tables and the logs never see it")
    func sentinelCaseReachesOnlyItsHospital() async throws {
        let h = try await PrenotifyHarness()
        defer { h.stop() }
        // The hospital's relay id is not a dataset id (docs/station.md): `--center` ties it to the routed center.
        let hospital = "STROKE-CENTER-1"
        let center = try await Self.routedHospital(h)
        try await h.startRelay()
        let board = try await h.startBoard(hospital, keyFile: try h.addHospital(hospital, center: center))
        let otherBoard = try await h.startBoard("other-hospital", keyFile: try h.addHospital("other-hospital"))
        // A board that trusts only another ambulance's key (`--trusted-devices`): it refuses this device's cases.
        let trustedFile = h.directory.appendingPathComponent("trusted.json")
        try Data(#"{"AMB-OTHER":"\#(Data(repeating: 7, count: 32).base64EncodedString())"}"#.utf8).write(to: trustedFile)
        _ = try await h.startBoard("strict-hospital", keyFile: try h.addHospital("strict-hospital"), extra: ["--trusted-devices", trustedFile.path])

        let plain = try await h.cli(Self.sentinelCase)
        #expect(plain.status == 0)
        let sent = try await h.cli(Self.sentinelCase + ["--notify", hospital, "--relay", h.relayURL])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout == plain.stdout, "the result on stdout is the same with --notify")
        let note = try Self.notification(sent)
        let caseId = try #require(note["caseId"].stringValue)
        #expect(note["delivery"].stringValue == "delivered")
        #expect(note["delivered"].boolValue == true)
        let eta = try #require(note["etaMinutes"].intValue)

        let shown = try await Self.boardCase(board, caseId)
        #expect(shown["valid"].boolValue == true)
        #expect(shown["verdict"].stringValue == "valid")
        #expect(shown["urgency"].stringValue == note["urgency"].stringValue)
        #expect(shown["etaMinutes"].intValue == eta)
        // Exactly what the CLI printed with --json: sentinels, FAST-ED 0, every "no", the same probabilities.
        let expected = try JSONValue(parsing: plain.stdout)
        let received = try #require(shown["case"].object)
        #expect(received.sortingKeys == expected.sortingKeys)
        let inputs = try #require(received["inputs"].object)
        #expect(inputs["age"].intValue == 97)
        #expect(inputs["gfap"].doubleValue == 4321.5)
        #expect(inputs["fastEd"].intValue == 0)
        #expect(inputs["headache"].boolValue == false)
        #expect(inputs["antiplatelets"].boolValue == false)
        let (_, raw) = try await PrenotifyHarness.get("\(board)/cases.json")
        #expect(String(decoding: raw, as: UTF8.self).contains("4321.5"))

        // Another hospital's board polls the same relay and never lists the case (after a poll that began after the send).
        try await PrenotifyHarness.waitForFreshPoll(otherBoard)
        #expect(try await PrenotifyHarness.boardCases(otherBoard).allSatisfy { $0["caseId"].stringValue != caseId })

        let dump = try h.databaseDump()
        #expect(dump.contains(caseId), "the dump holds the relay's tables")
        for sentinel in Self.sentinels {
            #expect(!dump.contains(sentinel), "the relay's tables hold \(sentinel)")
            #expect(!h.allLogs.contains(sentinel), "a server log holds \(sentinel)")
        }
        try Self.checkQueue(h)
        let status = try await h.cli(["notify", "status", "--json"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("\"caseId\":\"\(caseId)\""))
        #expect(status.stdout.contains("\"delivery\":\"delivered\""))
        // The crew learns what the board did (issue 45): its receipt reaches `notify status` through the relay.
        let receipt = try await Self.boardReceipt(h, caseId, "shown")
        #expect(receipt["receipt"]["code"].isNull)
        let text = try await h.cli(["notify", "status"])
        #expect(text.stdout.contains("shown on the board at"), "\(text.stdout)")
        // A board that refuses the case (the device is not in its trusted list) says so, with its verdict's code.
        let strict = try await h.cli(Self.sentinelCase + ["--notify", "strict-hospital", "--relay", h.relayURL])
        #expect(strict.status == 0, "\(strict.stderr)")
        let strictId = try #require(try Self.notification(strict)["caseId"].stringValue)
        let refused = try await Self.boardReceipt(h, strictId, "refused")
        #expect(refused["receipt"]["code"].stringValue == "unknownDevice")
        #expect(try await h.cli(["notify", "status"]).stdout.contains("refused by the board: this device is unknown to the board"))

        // `--notify destination` (issue 45): the hospital the relay registered for the routed center gets it.
        let routed = try await h.cli(Self.sentinelCase + ["--notify", "destination", "--relay", h.relayURL])
        #expect(routed.status == 0, "\(routed.stderr)")
        let routedNote = try Self.notification(routed)
        #expect(routedNote["hospitalId"].stringValue == hospital)
        _ = try await Self.boardCase(board, try #require(routedNote["caseId"].stringValue))
        // A routed center with no hospital registered at the relay: a clear error (65) before anything is sent.
        let elsewhere = Self.sentinelCase.map { $0 == "48.1374" ? "49.7913" : $0 == "11.5755" ? "9.9534" : $0 }
        let unregistered = try await h.cli(elsewhere + ["--notify", "destination", "--relay", h.relayURL])
        #expect(unregistered.status == 65, "\(unregistered.stderr)")
        #expect(unregistered.stderr.contains("no hospital registered for the routed destination"), "\(unregistered.stderr)")
    }

    @Test("relay down while sending: the result first, queued, delivered later by flush, never duplicated")
    func relayDownQueuesAndFlushDeliversOnce() async throws {
        let h = try await PrenotifyHarness()
        defer { h.stop() }
        let hospital = try await Self.routedHospital(h)
        try await h.startRelay()
        let board = try await h.startBoard(hospital, keyFile: try h.addHospital(hospital))
        try await h.stopRelay()

        let sent = try await h.cli(Self.sentinelCase + ["--notify", hospital, "--relay", h.relayURL])
        #expect(sent.status == 69, "\(sent.stderr)")
        #expect(sent.stdout.hasPrefix("{\"module\":\"full\""), "the result is printed although the relay is down")
        let note = try Self.notification(sent)
        let caseId = try #require(note["caseId"].stringValue)
        #expect(note["delivery"].stringValue == "notYetDelivered")
        let text = try await h.cli(["notify", "status"])
        #expect(text.stdout.contains("\(caseId)") && text.stdout.contains("not yet delivered"), "\(text.stdout)")
        try Self.checkQueue(h)
        // `--notify destination` with the relay down: queued, the hospital looked up on delivery (issue 45).
        let routedSent = try await h.cli(Self.sentinelCase + ["--notify", "destination", "--relay", h.relayURL])
        #expect(routedSent.status == 69, "\(routedSent.stderr)")
        let routedId = try #require(try Self.notification(routedSent)["caseId"].stringValue)
        await #expect(try h.cli(["notify", "flush"]).status == 69)

        try await h.startRelay(port: h.relayPort)
        let flushed = try await h.cli(["notify", "flush"])
        #expect(flushed.status == 0, "\(flushed.stdout)\(flushed.stderr)")
        #expect(flushed.stdout.contains("Pre-notification delivered"))
        let again = try await h.cli(["notify", "flush"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("Nothing to deliver."))
        await #expect(try h.cli(["notify", "status", "--json"]).stdout.contains("\"notYetDelivered\":0"))

        let shown = try await Self.boardCase(board, caseId)
        #expect(shown["valid"].boolValue == true)
        #expect(try await Self.boardCase(board, routedId)["valid"].boolValue == true)
        let updated = try await h.cli(["notify", "update", "--case", caseId, "--eta-minutes", "7"])
        #expect(updated.status == 0, "\(updated.stdout)\(updated.stderr)")
        _ = try await Self.boardCase(board, caseId) { $0["etaMinutes"].intValue == 7 }
        let moved = try await h.cli(["notify", "update", "--case", caseId, "--lat", "48.15", "--lon", "11.56", "--json"])
        #expect(moved.status == 0, "\(moved.stderr)")
        await #expect(try h.cli(["notify", "arrived", "--case", caseId]).status == 0)
        _ = try await Self.boardCase(board, caseId) { $0["status"].stringValue == "arrived" }
        #expect(try await PrenotifyHarness.boardCases(board).filter { $0["caseId"].stringValue == caseId }.count == 1)
        await #expect(try h.cli(["notify", "cancel", "--case", String(repeating: "0", count: 32)]).status == 65)
        await #expect(try h.cli(["notify", "update", "--case", caseId]).status == 64)
    }

    @Test("the walkthrough offers the pre-notification after routing; y sends it")
    func walkthroughOffersAndSends() async throws {
        let h = try await PrenotifyHarness()
        defer { h.stop() }
        let hospital = try await Self.routedHospital(h)
        try await h.startRelay()
        let board = try await h.startBoard(hospital, keyFile: try h.addHospital(hospital))
        // Answers: comatose, GFAP, minutes, location, compute; the offer (maybe, then y); no report.
        let walk = try await h.cli(["walk", "--mode", "offline", "--accept-disclaimer"],
                                   environment: ["STROKE_TRIAGE_RELAY": h.relayURL],
                                   stdin: "y\n\n500\n\n48.1374,11.5755\n\nmaybe\ny\n\n")
        #expect(walk.status == 0, "\(walk.stderr)")
        let offer = try #require(walk.stdout.range(of: "Send pre-notification to "), "\(walk.stdout)")
        #expect(walk.stdout[..<offer.lowerBound].contains("ICH: not assessable before imaging"), "the result comes before the offer")
        let afterOffer = walk.stdout[offer.upperBound...]
        let retry = try #require(afterOffer.range(of: "Please answer y or n"))
        let delivered = try #require(afterOffer.range(of: "Pre-notification delivered to"))
        #expect(retry.upperBound <= delivered.lowerBound)
        #expect(afterOffer[delivered.upperBound...].contains("Save a Markdown handover report?"))
        let cases = try await PrenotifyHarness.waitForAnswer(seconds: 60, "the walkthrough's case") { () async throws -> [JSONValue]? in
            let cases = try await PrenotifyHarness.boardCases(board)
            return cases.isEmpty ? nil : cases
        }
        let shown = try #require(cases.first?["case"].object)
        #expect(shown["module"].stringValue == "coma")
        #expect((shown["inputs"].object)?["gfap"].doubleValue == 500)
    }

    @Test("a pinned hospital key: the matching pin delivers, a relay naming another key is refused")
    func pinnedKeyRefusesASubstitutedKey() async throws {
        let h = try await PrenotifyHarness()
        defer { h.stop() }
        let hospital = try await Self.routedHospital(h)
        try await h.startRelay()
        let board = try await h.startBoard(hospital, keyFile: try h.addHospital(hospital))
        try await h.addHospital("other-hospital")
        let pinned = try #require(h.publicKeys[hospital])
        let good = try await h.cli(Self.sentinelCase + ["--notify", hospital, "--relay", h.relayURL, "--hospital-key", pinned])
        #expect(good.status == 0, "\(good.stderr)")
        _ = try await Self.boardCase(board, try #require(try Self.notification(good)["caseId"].stringValue))

        // The relay (here: honest) names the hospital's registered key; a pin of another key must not be overridden.
        let wrongPin = try #require(h.publicKeys["other-hospital"])
        let refused = try await h.cli(Self.sentinelCase + ["--notify", hospital, "--relay", h.relayURL, "--hospital-key", wrongPin])
        #expect(refused.status == 1)
        let note = try Self.notification(refused)
        #expect(note["delivery"].stringValue == "failed")
        #expect(note["lastError"].stringValue == "notify.keyMismatch")
        let caseId = try #require(note["caseId"].stringValue)
        try await PrenotifyHarness.waitForFreshPoll(board)
        #expect(try await PrenotifyHarness.boardCases(board).allSatisfy { $0["caseId"].stringValue != caseId })
        await #expect(try h.cli(["notify", "flush"]).stdout.contains("Nothing to deliver."), "a refused case is not retried")
    }
}
