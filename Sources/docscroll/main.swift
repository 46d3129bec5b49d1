import DocScrollCLI
import FoundationEssentials
import Glibc

exit(DocScrollCommand.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
