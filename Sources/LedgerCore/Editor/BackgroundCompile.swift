/// A whole compile of a journal running on a thread of its own, so that the
/// server keeps answering while it runs (completion after an edit ranks
/// names by the last whole compile, and takes this one when it is done).
final class BackgroundCompile {
    /// The edit generation of the texts it compiles (`Workspace.generation`).
    let generation: Int
    /// The serial of the root document's text it reads (`TextDocument.noteRead`).
    let read: Int?
    private let handoff: Handoff<(compilation: Compilation, uses: NameUses)>

    /// `work` compiles; completion's use counts (`NameUses`) are counted on the same thread.
    init(generation: Int, read: Int?, _ work: @escaping @Sendable () -> Compilation) {
        self.generation = generation
        self.read = read
        handoff = Handoff {
            let c = work()
            return (c, NameUses(c))
        }
    }

    /// The compilation once it is done; nil while it runs.
    var finished: Compilation? { handoff.result?.compilation }

    /// Its use counts once it is done.
    var finishedUses: NameUses? { handoff.result?.uses }
}
