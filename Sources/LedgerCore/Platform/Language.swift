#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The language ledgerc speaks to its user: messages, help, report headings
/// and the page. English is the default; Korean is chosen as POSIX orders a
/// locale (`LC_ALL`, then `LC_MESSAGES`, then `LANG`: the first one set and
/// not empty), or by `--lang`. The C library's locale database is not asked:
/// a machine without the ko_KR locale installed still speaks Korean.
///
/// What never changes with the language: CSV and JSON (keys, values,
/// headers), message IDs, the severity word of `FILE:LINE:COL: error:`, and
/// the language server's protocol fields.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case korean = "ko"

    /// The language of this process: set once at start (the command line,
    /// or the language server's `initialize`), read wherever text is made.
    nonisolated(unsafe) public static var current = Language.english

    /// The language a locale name means: `ko`, `ko_KR`, `ko_KR.UTF-8`,
    /// `ko_KR.eucKR`, `ko-KR` are Korean; anything else English.
    public init(locale: String) {
        let lower = locale.lowercased()
        self = lower == "ko" || lower.hasPrefix("ko_") || lower.hasPrefix("ko-") || lower.hasPrefix("ko.") ? .korean : .english
    }

    /// `--lang`'s value: `ko` or `en` (also a locale name); nil for anything else.
    public init?(option: String) {
        let lower = option.lowercased()
        if lower == "en" || lower.hasPrefix("en_") || lower.hasPrefix("en-") || lower == "c" || lower == "posix" { self = .english; return }
        guard Language(locale: option) == .korean else { return nil }
        self = .korean
    }

    /// The language of the environment, as POSIX orders it.
    public static func fromEnvironment(_ read: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = read(name), !value.isEmpty { return Language(locale: value) }
        }
        return .english
    }

    /// `english` or `korean`, whichever is the current language's.
    @inline(__always)
    public static func text(_ english: @autoclosure () -> String, ko korean: @autoclosure () -> String) -> String {
        current == .korean ? korean() : english()
    }
}
