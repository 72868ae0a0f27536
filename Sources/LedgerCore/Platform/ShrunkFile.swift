#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What happens when a mapped file is cut shorter while it is read: the
/// system signals `SIGBUS` at the first page past the new end. The handler
/// finds the mapping the faulting address lies in, says which file it was,
/// and ends the run with exit 2, as any file that cannot be read does.
/// Only commands that write nothing back map their files
/// (`FileIO.readForReading`); a report being written to a file (`-o`) has
/// its temporary file removed (`TemporaryFiles`), as on an interruption. A
/// `SIGBUS` anywhere else is left to the system's default.
enum ShrunkFile {
    /// One mapped file: where it lies, and what to print (`cannot read
    /// '…': …`) as a NUL-ended C string made before the signal can come (a
    /// signal handler may only read memory and call `write` and `_exit`).
    struct Watched {
        var start: UInt
        var end: UInt
        var message: UnsafeMutablePointer<CChar>
    }

    /// The most mapped files watched; a run maps only the files named on
    /// its command line, and any past this many are read as copies.
    static let capacity = 256
    nonisolated(unsafe) private static var watched: UnsafeMutablePointer<Watched>?
    nonisolated(unsafe) private static var count = 0
    /// Set by the first thread to fault: both parsers of a split read may
    /// meet the missing pages at once, and the message is said once.
    static let speaking = Atomic<Bool>(false)

    /// Watches `bytes` (a mapped file), with the `message` to print if it
    /// is cut shorter; false when no more can be watched.
    static func watch(_ bytes: UnsafeRawBufferPointer, saying text: String) -> Bool {
        if watched == nil { watched = .allocate(capacity: capacity) }
        guard let watched, count < capacity, let base = bytes.baseAddress else { return false }
        let message = strdup(text)!
        let start = UInt(bitPattern: Int(bitPattern: base))
        watched[count] = Watched(start: start, end: start + UInt(bytes.count), message: message)
        // Counted once it is written: the handler reads only what is counted.
        count += 1
        if count == 1 {
            // Made now, not first in the handler.
            _ = speaking.load(ordering: .relaxed)
            installHandler()
        }
        return true
    }

    /// Stops watching `bytes` (unmapped): its range is emptied, not removed,
    /// since the handler may be reading the table; its message is kept.
    static func unwatch(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let watched, let base = bytes.baseAddress else { return }
        let start = UInt(bitPattern: Int(bitPattern: base))
        for i in 0..<count where watched[i].start == start { watched[i].end = start }
    }

    /// The message for a fault at `address`, if it lies in a watched file.
    fileprivate static func message(at address: UInt) -> UnsafeMutablePointer<CChar>? {
        guard let watched else { return nil }
        for i in 0..<count where watched[i].start <= address && address < watched[i].end { return watched[i].message }
        return nil
    }

    private static func installHandler() {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO
        #if canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = shrunkFileHandler
        #else
        action.__sigaction_handler.sa_sigaction = shrunkFileHandler
        #endif
        sigaction(SIGBUS, &action, nil)
    }
}

/// The `SIGBUS` handler (`ShrunkFile`).
private func shrunkFileHandler(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    #if canImport(Darwin)
    let address = info.map { UInt(bitPattern: $0.pointee.si_addr) } ?? 0
    #else
    let address = info.map { UInt(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0
    #endif
    guard let text = ShrunkFile.message(at: address) else {
        // Not a watched file: the default action (the faulting access runs again and ends the process).
        signal(SIGBUS, SIG_DFL)
        return
    }
    // A second thread that faults waits for the first's `_exit`.
    guard ShrunkFile.speaking.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
        while true { pause() }
    }
    _ = write(2, text, strlen(text))
    if let temporary = TemporaryFiles.current { unlink(temporary) }
    _exit(2)
}
