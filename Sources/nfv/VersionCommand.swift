import NeurofitVitals
import StrictJSON

/// `nfv version [--json]`: the SDK, engine and ABI versions and the build date.
let versionCommand = Subcommand(
    name: "version",
    summary: "print the library's versions and build date",
    usage: "usage: nfv version [--json]",
    run: { arguments in
        if arguments == ["--json"] {
            print(SDKVersion.jsonValue.serialized())
        } else if arguments.isEmpty {
            print("nfv \(SDKVersion.string) (engine \(SDKVersion.engine), ABI \(SDKVersion.abi), built \(SDKVersion.buildDate))")
        } else {
            printError(versionCommand.usage)
            return ExitStatus.usage
        }
        return ExitStatus.ok
    })
