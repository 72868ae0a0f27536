#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole compile of a journal running on a thread of its own, so that the
/// server keeps answering while it runs (completion after an edit ranks
/// names by the last whole compile, and takes this one when it is done).
final class BackgroundCompile: @unchecked Sendable {
    /// The edit generation of the texts it compiles (`Workspace.generation`).
    let generation: Int
    private var lock = pthread_mutex_t()
    private var result: Compilation?
    private var job: BackgroundJob?

    init(generation: Int, _ work: @escaping @Sendable () -> Compilation) {
        self.generation = generation
        pthread_mutex_init(&lock, nil)
        job = BackgroundJob { [self] in
            let c = work()
            pthread_mutex_lock(&lock)
            result = c
            pthread_mutex_unlock(&lock)
        }
    }

    deinit {
        job?.wait()
        pthread_mutex_destroy(&lock)
    }

    /// The compilation once it is done (its thread then ended); nil while it runs.
    var finished: Compilation? {
        pthread_mutex_lock(&lock)
        let c = result
        pthread_mutex_unlock(&lock)
        guard let c else { return nil }
        job?.wait()
        job = nil
        return c
    }
}
