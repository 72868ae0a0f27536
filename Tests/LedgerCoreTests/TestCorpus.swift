import Foundation

/// Journals that whole-corpus tests run over: the samples, optionally the
/// error samples, and the compatibility corpus beside the repository.
enum TestCorpus {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Absolute paths, samples first, then `../shared/compat/INDEX.txt` in its order (when present).
    static func paths(withErrorSamples: Bool) throws -> [String] {
        var paths: [String] = []
        for dir in withErrorSamples ? ["samples", "samples/errors"] : ["samples"] {
            paths += try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(dir).path)
                .filter { $0.hasSuffix(".ledger") }.sorted().map { repository.appendingPathComponent(dir + "/" + $0).path }
        }
        if let list = try? String(contentsOf: CompatibilityTests.corpus.appendingPathComponent("INDEX.txt"), encoding: .utf8) {
            paths += list.split(separator: "\n").map { CompatibilityTests.corpus.appendingPathComponent(String($0)).path }
        }
        return paths
    }
}
