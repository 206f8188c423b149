import Foundation
import PpgCore
import StrictJSON
import Testing
@testable import NeurofitVitals

/// The Swift encoders held to the wire contract: every event kind, encoded with every optional key present and with
/// none, and every event of the fixture recording's replay, has exactly the keys its contract row lists, of the
/// listed JSON types, with enumeration values the contract names, and objects (result, error, cancel context) of
/// their contract rows. A new event kind cannot be added without a sample here (the switch is exhaustive).
struct WireContractTests {
    /// One event of `kind` with every optional key present (`full`) or absent.
    static func sample(of kind: EventKind, full: Bool) -> SessionEvent {
        let result = ReadingResult(id: "id", capturedAt: "2026-01-01T00:00:00Z", analysis: scriptedAnalysis)
        let error = VitalsError(.cameraUnavailable, "gone", reason: full ? "unplugged" : nil)
        switch kind {
        case .state: return .state(full ? .measuring(elapsed: 12) : .idle)
        case .guidance: return .guidance(.weakSignal, startProgress: 0.25)
        case .started: return .started
        case .preview:
            var preview = LivePreview(elapsed: 14, progress: 0.2, abortRisk: .warn)
            if full {
                preview.heartRateBpm = 71
                preview.rmssdMs = 33
                preview.breathingRateBrpm = 13
                preview.signalLevel = .good
            }
            return .preview(preview)
        case .heartbeat: return .heartbeat(ibiMs: full ? 812 : nil)
        case .cancelled:
            var context = CancelContext(reason: "contact_lost", effectiveFps: 30, deviceModel: "test camera")
            if full {
                context.qualityScore = 0.4
                context.elapsedSeconds = 9
                context.redDc = 180
                context.exposureIso = 200
                context.exposureTuneSteps = 2
                context.exposureInBand = true
            }
            return .cancelled(.contactLost, context)
        case .reconfiguringCamera: return .reconfiguringCamera(fpsTier: 15)
        case .recoverableError: return .recoverableError("cameraStalled")
        case .measurementComplete: return .measurementComplete
        case .completed: return .completed(result)
        case .failed: return .failed(error)
        case .recordingError: return .recordingError(error)
        }
    }

    @Test(arguments: EventKind.allCases)
    func everyKindEncodesItsContractRow(kind: EventKind) throws {
        for full in [true, false] {
            let event = Self.sample(of: kind, full: full)
            #expect(event.kind == kind)
            let json = try #require(TimedEvent(event, time: 3.5).jsonValue.objectValue)
            #expect(problems(inEvent: json).isEmpty, "\(kind) \(full): \(problems(inEvent: json))")
        }
    }

    @Test func everyEventOfTheFixtureReplayFollowsTheContract() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/lifted-finger.events.jsonl").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 100)
        var kinds = Set<String>()
        for line in lines {
            let event = try #require(try JSONValue(parsing: String(line)).objectValue)
            kinds.insert(event["type"]?.stringValue ?? "")
            #expect(problems(inEvent: event).isEmpty, "\(line): \(problems(inEvent: event))")
        }
        #expect(kinds.isSuperset(of: ["state", "guidance", "started", "preview", "heartbeat", "cancelled"]))
    }

    @Test func theCheckFindsAKeyTheContractLacksAndAMissingOne() throws {
        var json = try #require(TimedEvent(Self.sample(of: .preview, full: true), time: 1).jsonValue.objectValue)
        json["pulseShape"] = .string("sharp")
        json["progress"] = nil
        json["abortRisk"] = .string("maybe")
        let found = problems(inEvent: json)
        #expect(found.contains { $0.contains("pulseShape") } && found.contains { $0.contains("progress") })
        #expect(found.contains { $0.contains("maybe") })
    }

    /// What in an event object departs from its contract row.
    func problems(inEvent event: [String: JSONValue]) -> [String] {
        guard let type = event["type"]?.stringValue, let kind = EventKind(name: type) else {
            return ["no known type: \(event["type"] ?? .null)"]
        }
        return problems(in: event, fields: WireContract.commonEventFields + kind.fields, path: type)
    }

    /// What in `object` departs from `fields`: unknown keys, missing required keys, mistyped values.
    func problems(in object: [String: JSONValue], fields: [WireField], path: String) -> [String] {
        let names = Set(fields.map(\.name))
        var found = object.keys.filter { !names.contains($0) }.sorted().map { "\(path).\($0): not in the contract" }
        for field in fields {
            guard let value = object[field.name] else {
                if field.required { found.append("\(path).\(field.name): missing") }
                continue
            }
            found += problems(in: value, of: field.kind, path: "\(path).\(field.name)")
        }
        return found
    }

    func problems(in value: JSONValue, of kind: WireField.Kind, path: String) -> [String] {
        switch kind {
        case .string: return value.stringValue == nil ? ["\(path): not a string"] : []
        case .number: return value.numberValue == nil ? ["\(path): not a number"] : []
        case .integer:
            return value.numberValue.map { $0.rounded() == $0 } == true ? [] : ["\(path): not an integer"]
        case .boolean: return value.boolValue == nil ? ["\(path): not a boolean"] : []
        case .strings:
            return value.arrayValue?.allSatisfy { $0.stringValue != nil } == true ? [] : ["\(path): not strings"]
        case .enumeration(let name):
            let values = WireContract.enumerations.first { $0.name == name }?.values ?? []
            return values.contains(value) ? [] : ["\(path): \(value) is not a \(name)"]
        case .object(let name):
            guard let object = value.objectValue else { return ["\(path): not an object"] }
            let fields = WireContract.objects.first { $0.name == name }?.fields ?? []
            return problems(in: object, fields: fields, path: path)
        case .openObject: return value.objectValue == nil ? ["\(path): not an object"] : []
        }
    }
}
