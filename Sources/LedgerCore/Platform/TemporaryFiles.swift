#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary file being written (`SafeWriter`), removed if the process
/// is interrupted, or ended by a journal cut shorter while it is mapped
/// (`ShrunkFile`).
enum TemporaryFiles {
    nonisolated(unsafe) static var current: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var installed = false

    static func register(_ path: String) {
        clear()
        current = strdup(path)
        if !installed {
            installed = true
            for sig in [SIGINT, SIGTERM, SIGHUP] {
                signal(sig) { sig in
                    if let p = TemporaryFiles.current { unlink(p) }
                    signal(sig, SIG_DFL)
                    raise(sig)
                }
            }
        }
    }

    static func clear() {
        if let p = current {
            current = nil
            free(p)
        }
    }
}
