import DocScrollCLI
import Glibc

/// The environment, read from `environ` (Foundation's `ProcessInfo` would load
/// Foundation and its ICU for it: a few milliseconds of every start).
func environmentVariables() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") {
            variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        entry += 1
    }
    return variables
}

exit(DocScrollCommand.run(Array(CommandLine.arguments.dropFirst()), environment: environmentVariables()))
