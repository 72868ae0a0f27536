#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(Int32(LedgerCommand.run(Array(CommandLine.arguments.dropFirst()))))
