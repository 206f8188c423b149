// nfv-bench camera: capture-to-sample cost of the V4L2 capture path on the fake camera (Tests/camera/fake_camera.c) — per
// format and frame size, the capture thread's CPU time per frame (poll wake-up, DQBUF, reduction or 1/8 JPEG
// decode in the mapped buffer, QBUF) and the share of one core a 60 fps reading uses. Each mode runs in a child
// process with the fake preloaded (the fake reads its modes once, at load).
//
//   swift run -c release nfv-bench camera       (builds nothing: run scripts/build-fake-camera first)

import Glibc
import NeurofitVitals
import NeurofitVitalsCamera

/// The `camera` benchmark.
@MainActor let cameraBenchmark = Benchmark(
    name: "camera",
    summary: "V4L2 capture-to-sample CPU µs per frame per format and size on the fake camera; core share at 60 fps",
    run: { arguments in
        if arguments.first == "--child", arguments.count >= 2 {
            CameraBenchmark.measure(modeText: arguments[1])
        } else {
            CameraBenchmark.runAll()
        }
    }
)

/// Spawns one measuring child per mode and prints their lines as a table.
enum CameraBenchmark {
    /// Modes measured: `FOURCC:WxH@FPS`.
    static let modes = ["YUYV:640x480@60", "YUYV:1280x720@60", "YUYV:1920x1080@60", "MJPG:640x480@60",
                        "MJPG:1280x720@60", "MJPG:1920x1080@60"]
    /// Frames timed per mode (after 30 warm-up frames).
    static let frames = 300
    /// Where scripts/build-fake-camera puts the fake.
    static let fakeLibrary = ".build/fake-camera/libfakecamera.so"

    static func runAll() {
        guard access(fakeLibrary, R_OK) == 0 else {
            print("camera: \(fakeLibrary) not found: run scripts/build-fake-camera first (from the package root)")
            return
        }
        print("format  size        frames  CPU µs/frame  p95 µs  core share at 60 fps")
        fflush(nil)
        for mode in modes {
            let preload = realpath(fakeLibrary, nil).map { path in
                defer { free(path) }
                return String(cString: path)
            } ?? fakeLibrary
            let environment = ["LD_PRELOAD=\(preload)", "FAKE_CAMERA_MODES=\(mode)", "FAKE_CAMERA_SPEED=1",
                               "FAKE_CAMERA_DEVICE=/dev/video-bench0"]
            run(["/proc/self/exe", "camera", "--child", mode], environment: environment)
        }
        print("(the fake renders frames in its own thread, which is not counted; µs are the capture thread's CPU)")
    }

    /// Runs `arguments` with `environment` added, waiting for it.
    private static func run(_ arguments: [String], environment: [String]) {
        var inherited: [String] = []
        var index = 0
        while let entry = environ[index] {
            inherited.append(String(cString: entry))
            index += 1
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = (inherited + environment).map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/proc/self/exe", nil, nil, argv, envp) == 0 else {
            print("camera: cannot start a child")
            return
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// In the child: opens the fake through the real backend and times the capture thread's CPU per frame.
    static func measure(modeText: String) {
        let parts = modeText.split(whereSeparator: { ":x@".contains($0) }).map(String.init)
        guard parts.count == 4, let width = Int(parts[1]), let height = Int(parts[2]), let fps = Int(parts[3]) else {
            return
        }
        let mode = CameraMode(format: FourCC(parts[0]), width: width, height: height, maxFps: Double(fps))
        let backend = V4L2CaptureBackend(device: "/dev/video-bench0")
        do {
            try backend.open(mode: mode, fps: fps)
            try backend.startStreaming()
        } catch {
            print("\(modeText): \(error.message)")
            return
        }
        var costs: [Double] = []
        costs.reserveCapacity(frames)
        var received = 0
        while received < frames + 30 {
            let before = threadCPU()
            let event = backend.nextFrame(timeout: 1)
            let cost = threadCPU() - before
            guard case .frame = event else { continue }
            received += 1
            if received > 30 { costs.append(cost) }
        }
        backend.close()
        costs.sort()
        let mean = costs.reduce(0, +) / Double(costs.count)
        let p95 = costs[Int(Double(costs.count - 1) * 0.95)]
        let share = mean * 60
        print(parts[0].padded(8) + "\(width)x\(height)".padded(12) + "\(costs.count)".padded(8)
            + format(mean * 1e6, 1).padded(14) + format(p95 * 1e6, 1).padded(8) + format(share * 100, 2) + " %")
    }

    private static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func format(_ value: Double, _ decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        return String(rounded)
    }
}
