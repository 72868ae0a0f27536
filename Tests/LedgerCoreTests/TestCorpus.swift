import Foundation
import XCTest

/// Journals that whole-corpus tests run over.
///
/// - `owned`: what every clone has: the samples, the error samples (when
///   asked), `Tests/Corpus/`, and journals `GeneratedJournals` writes.
/// - `compatibility`: `../shared/compat` beside the repository, when present.
///   When it is absent the tests over it skip with `TestCorpus.skipMessage`,
///   which `.ci/run` looks for: a CI machine that has the corpus must not skip.
enum TestCorpus {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The compatibility corpus: ledger-cli's and hledger's test journals.
    static let compatibilityRoot = repository.deletingLastPathComponent().appendingPathComponent("shared/compat")

    /// The text of every skip for a missing compatibility corpus (`.ci/run` greps for it).
    static let skipMessage = "compatibility corpus absent"

    /// One journal of a corpus: a name for messages, and its bytes.
    struct Journal {
        var path: String
        var bytes: [UInt8]
    }

    /// The journals of the repository, then the generated ones.
    static func owned(withErrorSamples: Bool) throws -> [Journal] {
        var paths: [String] = []
        for dir in (withErrorSamples ? ["samples", "samples/errors"] : ["samples"]) + ["Tests/Corpus"] {
            paths += try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(dir).path)
                .filter { $0.hasSuffix(".ledger") }.sorted().map { repository.appendingPathComponent(dir + "/" + $0).path }
        }
        var journals = try paths.map { Journal(path: $0, bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0)))) }
        for (i, text) in GeneratedJournals.make(count: 40, seed: 20251123).enumerated() {
            journals.append(Journal(path: "generated-\(i).ledger", bytes: Array(text.utf8)))
        }
        return journals
    }

    /// The compatibility journals in `INDEX.txt` order; skips the test when the corpus is absent.
    static func compatibility() throws -> [Journal] {
        let index = compatibilityRoot.appendingPathComponent("INDEX.txt")
        guard let list = try? String(contentsOf: index, encoding: .utf8) else {
            throw XCTSkip("\(skipMessage): no \(index.path)")
        }
        return try list.split(separator: "\n").map {
            let url = compatibilityRoot.appendingPathComponent(String($0))
            return Journal(path: url.path, bytes: try [UInt8](Data(contentsOf: url)))
        }
    }
}
