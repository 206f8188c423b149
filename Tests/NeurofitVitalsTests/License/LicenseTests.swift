import Dispatch
import Synchronization
@testable import NeurofitVitals
import Testing
import StrictJSON

@Suite struct LicenseTests {
    @Test func requiresActivationUntilAKeyActivates() throws {
        let license = License(verifier: TestKeys.verifier())
        #expect(throws: VitalsError.self) { try license.requireActivation() }
        #expect(license.status == LicenseStatus(nil))
        try license.activate(keyText: try TestKeys.test.issue(TestKeys.payload), appId: "com.example.app")
        try license.requireActivation()
        #expect(license.status.licensee == "Example Ltd")
        #expect(license.status.appId == "com.example.app")
    }

    @Test func failedActivationKeepsTheEarlierOne() throws {
        let license = License(verifier: TestKeys.verifier())
        try license.activate(keyText: try TestKeys.test.issue(TestKeys.payload), appId: "tool")
        #expect(throws: VitalsError.self) { try license.activate(keyText: "NFV1.x.y", appId: "tool") }
        #expect(license.activated?.appId == "tool")
    }

    @Test func missingAppIdMeansTheExecutableName() throws {
        var payload = TestKeys.payload
        payload.apps = [ExecutableName.current]
        let license = License(verifier: TestKeys.verifier())
        let activated = try license.activate(keyText: try TestKeys.test.issue(payload), appId: nil)
        #expect(activated.appId == ExecutableName.current)
        #expect(!ExecutableName.current.isEmpty && !ExecutableName.current.contains("/"))
    }

    @Test func eightThreadsActivateAtOnce() throws {
        let license = License(verifier: TestKeys.verifier())
        let key = try TestKeys.test.issue(TestKeys.payload)
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for _ in 0..<20 {
                let appId = index.isMultiple(of: 2) ? "tool" : "com.example.app"
                if (try? license.activate(keyText: key, appId: appId)) == nil { failures.add(1, ordering: .relaxed) }
                if license.activated == nil { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(["tool", "com.example.app"].contains(license.activated?.appId))
    }

    @Test func statusEncodesSortedKeysWithoutKeyText() throws {
        let license = License(verifier: TestKeys.verifier())
        let key = try TestKeys.test.issue(TestKeys.payload)
        try license.activate(keyText: key, appId: "tool")
        let json = license.status.jsonValue.serialized()
        #expect(json.hasPrefix(#"{"activated":true,"appId":"tool","apps":["com.example.app","tool"],"#))
        #expect(!json.contains(key.split(separator: ".")[2]))
    }
}
