/// One `nfv` subcommand: its name, a one-line summary for `nfv help`, its usage text and what it runs.
struct Subcommand: Sendable {
    /// The word after `nfv` that selects it.
    let name: String
    /// One line for `nfv help`.
    let summary: String
    /// Full usage text, shown by `nfv help NAME` and on bad usage.
    let usage: String
    /// Runs with the arguments after the name; returns the process exit status.
    let run: @Sendable ([String]) -> Int32
}

/// Exit statuses shared by every subcommand.
enum ExitStatus {
    /// Success.
    static let ok: Int32 = 0
    /// The library reported an error (the error is printed).
    static let failure: Int32 = 1
    /// Bad usage or unreadable input.
    static let usage: Int32 = 2
    /// Stopped by Ctrl-C (SIGINT) before a result: 128 + the signal number, as shells report it.
    static let interrupted: Int32 = 130
}
