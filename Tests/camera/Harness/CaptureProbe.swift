import Glibc
import NeurofitVitals
import NeurofitVitalsCamera
import PpgCore
import Synchronization
import StrictJSON

/// Opens a `CameraSource`, collects what it delivers for a while, closes it, and reports: the items (frames
/// summarised once per second, every interruption and failure), the camera status, and the process's open
/// descriptors before open and after close (a leak check).
enum CaptureProbe {
    /// What the source delivered, collected on the capture thread.
    final class Collector: Sendable {
        struct State {
            var frames = 0
            var secondFrames = 0
            var redSum = 0.0
            var lastTimestamp: Double?
            var firstTimestamp: Double?
            var failed = false
            var log: [String] = []
            var frameRedTotal = 0.0
            var previews = 0
            var previewWidth = 0
            var previewHeight = 0
            var previewRedSum = 0.0
        }
        let state = Mutex(State())
    }

    /// With `previewFPS`, previews are asked for at that rate and summarised in the closing record. With `stopFile`,
    /// the capture ends as soon as that file exists (the test has seen what it waited for), at the latest after
    /// `seconds`.
    static func run(device: String?, seconds: Double, exitWithoutClose: Bool, previewFPS: Int? = nil,
                    stopFile: String? = nil) -> Int32 {
        let descriptorsBefore = openDescriptors()
        let source: CameraSource
        do {
            source = try CameraSource(device: device)
        } catch {
            emit(["event": .string("openFailed"), "code": .string(error.code.rawValue),
                  "message": .string(error.message)])
            return 1
        }
        let collector = Collector()
        let mailbox = previewFPS.flatMap { fps in try? PreviewMailbox(maximumFPS: fps) { record($0, collector) } }
        source.attachPreview(mailbox)
        defer { mailbox?.close() }
        do {
            try source.open { item in record(item, collector) }
        } catch {
            emit(["event": .string("openFailed"), "code": .string(error.code.rawValue),
                  "message": .string(error.message), "fdsBefore": .number(Double(descriptorsBefore)),
                  "fdsAfter": .number(Double(openDescriptors()))])
            return 1
        }
        emit(["event": .string("opened"), "tier": .number(Double(source.info.fpsTier)),
              "mode": .string(source.camera.choice?.mode.label ?? ""), "deviceModel": .string(source.info.deviceModel)])
        let clock = MonotonicClock()
        let end = clock.now() + seconds
        while clock.now() < end && !(stopFile.map { access($0, F_OK) == 0 } ?? false) {
            clock.sleep(0.25)
            let lines = collector.state.withLock { state -> ([String], Bool) in
                defer { state.log.removeAll() }
                return (state.log, state.failed)
            }
            for line in lines.0 { print(line) }
            fflush(nil)
            if lines.1 { break }
            if let status = source.status { emitStatus(status, event: "status") }
        }
        if exitWithoutClose {
            emit(["event": .string("exiting")])
            exit(0)
        }
        source.close()
        mailbox?.close()
        if let status = source.status { emitStatus(status, event: "final") }
        let summary = collector.state.withLock { $0 }
        let span = (summary.lastTimestamp ?? 0) - (summary.firstTimestamp ?? 0)
        emit(["event": .string("closed"), "frames": .number(Double(summary.frames)),
              "fps": .number(span > 0 ? Double(summary.frames - 1) / span : 0),
              "fdsBefore": .number(Double(descriptorsBefore)), "fdsAfter": .number(Double(openDescriptors())),
              "frameRed": .number(summary.frameRedTotal / Double(max(summary.frames, 1))),
              "previews": .number(Double(summary.previews)), "previewWidth": .number(Double(summary.previewWidth)),
              "previewHeight": .number(Double(summary.previewHeight)),
              "previewRed": .number(summary.previewRedSum / Double(max(summary.previews, 1)))])
        return 0
    }

    /// Counts a preview and adds its mean red.
    private static func record(_ preview: PreviewFrame, _ collector: Collector) {
        var red = 0.0
        for index in stride(from: 0, to: preview.rgb.count, by: 3) { red += Double(preview.rgb[index]) }
        collector.state.withLock { state in
            state.previews += 1
            state.previewWidth = preview.width
            state.previewHeight = preview.height
            state.previewRedSum += red / Double(preview.width * preview.height)
        }
    }

    private static func record(_ item: SourceItem, _ collector: Collector) {
        collector.state.withLock { state in
            switch item {
            case .frame(let frame):
                state.frames += 1
                state.secondFrames += 1
                state.redSum += frame.red
                state.frameRedTotal += frame.red
                if state.firstTimestamp == nil { state.firstTimestamp = frame.timestamp }
                if let first = state.firstTimestamp, let last = state.lastTimestamp,
                   Int(frame.timestamp - first) != Int(last - first) {
                    state.log.append(JSONValue.object([
                        "event": .string("second"), "frames": .number(Double(state.secondFrames)),
                        "red": .number(state.redSum / Double(state.secondFrames)),
                        "t": .number(frame.timestamp - first)]).serialized())
                    state.secondFrames = 0
                    state.redSum = 0
                }
                state.lastTimestamp = frame.timestamp
            case .interrupted(let reason, let tier):
                state.log.append(JSONValue.object([
                    "event": .string("interrupted"), "reason": .string(reason.detail),
                    "tier": tier.map { .number(Double($0)) } ?? .null]).serialized())
            case .failed(let error):
                state.failed = true
                state.log.append(JSONValue.object([
                    "event": .string("failed"), "code": .string(error.code.rawValue),
                    "message": .string(error.message)]).serialized())
            default:
                break
            }
        }
    }

    private static func emitStatus(_ status: CameraStatus, event: String) {
        var fields: [String: JSONValue] = [
            "event": .string(event), "tier": .number(Double(status.tier)), "mode": .string(status.mode.label),
            "torch": .bool(status.torchActive), "locked": .bool(status.exposureLocked),
            "tuneSteps": .number(Double(status.exposureTuneSteps)),
            "frames": .number(Double(status.statistics.frames)),
            "drops": .number(Double(status.statistics.droppedFrames)),
            "errorBuffers": .number(Double(status.statistics.errorBuffers)),
            "ioRestarts": .number(Double(status.statistics.ioRestarts)),
            "stallRestarts": .number(Double(status.statistics.stallRestarts)),
            "reopens": .number(Double(status.statistics.reopens)),
            "tierDrops": .number(Double(status.statistics.tierDrops)),
        ]
        if let fps = status.measuredFps { fields["measuredFps"] = .number(fps) }
        if let exposure = status.exposure { fields["exposure"] = .number(Double(exposure.exposure)) }
        if let gain = status.exposure?.gain { fields["gain"] = .number(Double(gain)) }
        if let red = status.exposureRedMean { fields["tunedRed"] = .number(red) }
        emit(fields)
    }

    /// Entries in /proc/self/fd.
    static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(directory) }
        var count = 0
        while readdir(directory) != nil { count += 1 }
        return count - 3
    }
}
