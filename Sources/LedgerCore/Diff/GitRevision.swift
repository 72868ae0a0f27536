#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A journal as it was at a git revision: its bytes and those of its
/// includes, read with `git show REV:PATH`, its globs matched against `git
/// ls-tree`. git runs without a shell (`Subprocess`), a revision that starts
/// with `-` is refused before git sees it, `--end-of-options` comes before
/// it, and every later git is given the commit's hash, so no revision or
/// path can be read as an option or run a command. git runs with
/// `GIT_NO_LAZY_FETCH=1`: a partial clone's remote cannot be asked for
/// objects (its configuration could run a command).
package struct GitRevision: Sendable {
    package let revision: String
    /// The commit the revision names, as git's full hash: what git is given
    /// after the check (a hash can never be read as an option).
    let commit: String
    /// The repository's top directory, and the working directory's path inside it (`sub/dir/` or empty).
    let top: String
    let prefix: String

    package enum Problem: Error, CustomStringConvertible {
        case badRevision(String)
        case git(String)

        package var description: String {
            switch self {
            case .badRevision(let r): return "'\(r)' is not a revision ledgerc reads (a revision cannot start with '-' or hold a line break)"
            case .git(let message): return message
            }
        }
    }

    /// Checks the revision (it must name a commit) and finds the repository.
    package init(_ revision: String) throws(Problem) {
        guard !revision.isEmpty, !revision.hasPrefix("-"), !revision.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\0" }) else {
            throw .badRevision(revision)
        }
        // One git: the top directory, the prefix (an empty line at the top) and the commit, a line each.
        let answer = Subprocess.run(["git", "rev-parse", "--show-toplevel", "--show-prefix", "--verify", "--quiet",
                                     "--end-of-options", revision + "^{commit}"])
        let lines = answer.map { String(decoding: $0.output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) } ?? []
        guard lines.count >= 2, !lines[0].isEmpty else {
            throw .git("not inside a git repository (ledgerc diff REV reads the journal with git)")
        }
        guard answer?.status == 0, lines.count >= 3, !lines[2].isEmpty else {
            throw .git("git knows no commit '\(revision)'")
        }
        self.revision = revision
        self.commit = String(lines[2])
        self.top = String(lines[0])
        self.prefix = String(lines[1])
    }

    /// A path as the parser joins it (relative to the working directory, or
    /// absolute), as a path inside the repository.
    func repositoryPath(_ path: String) -> String {
        if path.hasPrefix("/") {
            let base = systemRealPath(top) ?? top
            for root in [top, base] where path.hasPrefix(root + "/") { return String(path.dropFirst(root.count + 1)) }
            return path
        }
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        return normalized(prefix + p)
    }

    /// `a/b/../c` → `a/c`, as git wants a path.
    func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty, parts.last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// The file's bytes at the revision. An include that leaves the
    /// repository (`/etc/passwd`, `../../secret`) is refused: the old side
    /// of a diff is what the repository held, nothing else.
    package func read(_ path: String) -> Result<[UInt8], FileError> {
        let inside = repositoryPath(path)
        if inside.hasPrefix("/") || inside == ".." || inside.hasPrefix("../") {
            return .failure(.cannotRead(path: path, reason: "outside the repository, which is all a revision holds"))
        }
        let spec = commit + ":" + inside
        guard let r = Subprocess.run(["git", "cat-file", "blob", spec]) else {
            return .failure(.cannotRead(path: path, reason: "git could not be run"))
        }
        guard r.status == 0 else { return .failure(.cannotRead(path: path, reason: "not in \(revision)")) }
        return .success(r.output)
    }

    /// Includes read at the revision too.
    package var files: IncludedFiles {
        let me = self
        return IncludedFiles(read: { me.read($0) }, glob: { me.glob($0) })
    }

    /// The paths at the revision a glob matches, written as the pattern was (relative or absolute), sorted.
    func glob(_ pattern: String) -> [String] {
        // The commit's hash, not the revision: `--end-of-options` before it makes git 2.39 list nothing.
        guard let r = Subprocess.run(["git", "ls-tree", "-r", "--name-only", "--full-tree", commit, "--"]), r.status == 0 else { return [] }
        let wanted = repositoryPath(pattern)
        var out: [String] = []
        for name in String(decoding: r.output, as: UTF8.self).split(separator: "\n") where fnmatch(wanted, String(name), FNM_PATHNAME) == 0 {
            let repo = String(name)
            if pattern.hasPrefix("/") {
                out.append(top + "/" + repo)
            } else {
                out.append(repo.hasPrefix(prefix) ? String(repo.dropFirst(prefix.count)) : "../" + repo)
            }
        }
        return out.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
