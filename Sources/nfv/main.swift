import Glibc
import NeurofitVitals

/// Every subcommand, in the order `nfv help` lists them.
let subcommands: [Subcommand] = [
    readCommand,
    replayCommand,
    analyzeCommand,
    compareCommand,
    reportCommand,
    exportCommand,
    licenseCommand,
    versionCommand,
    devicesCommand,
    supportCommand,
    schemaCommand,
]

/// Writes a line to standard error.
func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

@MainActor func printHelp() {
    print("nfv \(SDKVersion.string): fingertip camera vitals (heart rate, HRV, stress index, breathing rate)\n")
    print("usage: nfv COMMAND [ARGS…]   (nfv help COMMAND for details)\n")
    for command in subcommands {
        print("  " + command.name.padding(to: 10) + command.summary)
    }
}

extension String {
    /// The string padded with spaces to at least `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil, "help", "-h", "--help":
    if arguments.count > 1, let command = subcommands.first(where: { $0.name == arguments[1] }) {
        print(command.usage)
    } else {
        printHelp()
    }
    exit(ExitStatus.ok)
case let name?:
    guard let command = subcommands.first(where: { $0.name == name }) else {
        printError("nfv: unknown command '\(name)'. Run 'nfv help' for the list.")
        exit(ExitStatus.usage)
    }
    if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
        print(command.usage)
        exit(ExitStatus.ok)
    }
    exit(command.run(Array(arguments.dropFirst())))
}
