import NeurofitVitals
import StrictJSON

/// `nfv schema`: prints the wire contract (events, result, errors, enums, pixel formats, configuration) as JSON;
/// docs/contract.json is its committed copy, which `scripts/generate` reads.
let schemaCommand = Subcommand(
    name: "schema",
    summary: "print the wire contract (events, result, errors, formats, configuration) as JSON",
    usage: "usage: nfv schema",
    run: { arguments in
        guard arguments.isEmpty else {
            printError(schemaCommand.usage)
            return ExitStatus.usage
        }
        print(WireContract.jsonValue.serialized())
        return ExitStatus.ok
    })
