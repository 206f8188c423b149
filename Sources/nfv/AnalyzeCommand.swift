import Glibc
import NeurofitVitals
import PpgCore
import StrictJSON

/// `nfv analyze FILE`: the final analysis of a recorded reading (CSV with a header naming `timestamp_s`, `red`,
/// `green`, `blue`; other columns ignored; `#` lines ignored). Prints one JSON object: the result, or
/// `{"error":{"code":…,"message":…,"retryable":…}}`. Exit 0 with a result, 1 without a heart rate, 2 on bad usage or input.
let analyzeCommand = Subcommand(
    name: "analyze",
    summary: "analyse a recorded reading (CSV timestamp_s,red,green,blue) and print the result JSON",
    usage: "usage: nfv analyze FILE   (CSV with header timestamp_s,red,green,blue; '#' lines ignored)",
    run: { arguments in
        guard arguments.count == 1, !arguments[0].hasPrefix("-") else {
            printError(analyzeCommand.usage)
            print(invalidInput("expected exactly one CSV file argument"))
            return ExitStatus.usage
        }
        let frames: [FrameSample]
        do throws(VitalsError) {
            frames = try MeansCSVReader.read(path: arguments[0])
        } catch {
            print(invalidInput(error.message))
            return ExitStatus.usage
        }
        switch FinalAnalyzer().analyze(frames: frames) {
        case .success(let result):
            print(result.jsonText)
            return ExitStatus.ok
        case .failure(let error):
            print(error.json.serialized())
            return ExitStatus.failure
        }
    })

/// The error object printed for unusable input.
private func invalidInput(_ message: String) -> String {
    VitalsError.invalidArgument(message).analysisFailureJSON.serialized()
}
