#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// The arguments as given: one that is not UTF-8 (a file name is bytes on
/// Linux) is shown with its bad bytes escaped (`\xff`) and opened by its bytes.
func commandLineArguments() -> [String] {
    (1..<Int(CommandLine.argc)).map { i in
        guard let p = CommandLine.unsafeArgv[i] else { return "" }
        if let s = String(validatingCString: p) { return s }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
        var escaped = ""
        var i = 0
        while i < bytes.count {
            // The longest valid UTF-8 sequence here, else one escaped byte.
            var decoded: String?
            for n in (1...min(4, bytes.count - i)).reversed() {
                if let s = String(validating: bytes[i..<i + n], as: UTF8.self), s.unicodeScalars.count == 1 { decoded = s; i += n; break }
            }
            if let decoded { escaped += decoded } else {
                escaped += "\\x" + String(bytes[i], radix: 16)
                i += 1
            }
        }
        FileIO.rawPaths[escaped] = bytes
        return escaped
    }
}

exit(Int32(LedgerCommand.run(commandLineArguments())))
