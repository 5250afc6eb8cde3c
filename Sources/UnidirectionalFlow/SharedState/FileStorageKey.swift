#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A ``SharedKey`` that keeps its value in a JSON file: `.fileStorage(url)`, and
/// `.appStorage("name")` for a file in the user's configuration directory.
///
/// The file is read when the first `@Shared` of it is created, and replaced crash-safely after
/// every change (a temporary file, `fsync`, `rename`): a crash leaves the old value or the new
/// one, never a mix. A file that cannot be decoded is moved aside (`FILE.bad-1`), an issue says
/// so, and the default value is used. Changes made by another process are not watched for:
/// ``Shared/load()`` reads the file again.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  /// The file's path.
  public let path: String

  /// The value kept in the file at `url`.
  ///
  /// - Parameter url: The file's location.
  public init(_ url: URL) {
    self.path = url.path
  }

  /// `fileStorage:PATH`: every key of one file shares one value.
  public var id: String { "fileStorage:\(path)" }

  /// The file's value; `nil`, with an issue reported, when there is no file or it cannot be
  /// read or decoded.
  ///
  /// - Returns: The value, or `nil`.
  public func load() -> Value? {
    loadReportingFailure().value
  }

  /// Replaces the file with `value` as JSON, creating it (0600) and its directory (0700).
  ///
  /// - Parameter value: The value to store.
  public func save(_ value: Value) {
    do {
      try saveOrThrow(value)
    } catch {
      reportIssue("\(error); the value is kept in memory only.")
    }
  }

  /// Why the file's value cannot be loaded or saved, naming the key and what became of the file.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The file's value, or `nil` when there is no file. A file that cannot be decoded is moved
  /// aside (`FILE.bad-1`), and the error says where.
  func loadOrThrow() throws -> Value? {
    let bytes: [UInt8]
    do {
      guard let content = try DurableFile.contents(of: path) else { return nil }
      bytes = content
    } catch {
      throw Failure(description: "@Shared(\(id)): \(error)")
    }
    do {
      return try JSONDecoder().decode(Value.self, from: Data(bytes))
    } catch {
      let kept: String
      do {
        kept = "it was moved to \(try DurableFile.moveAside(path))"
      } catch {
        kept = "\(error)"
      }
      throw Failure(
        description: "@Shared(\(id)): the file does not hold a value of type \(Value.self) "
          + "(\(describe(error))), and \(kept)")
    }
  }

  /// Replaces the file with `value` as JSON, crash-safely.
  func saveOrThrow(_ value: Value) throws {
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      try DurableFile.replace(path, with: Array(try encoder.encode(value)))
    } catch {
      throw Failure(description: "@Shared(\(id)): cannot save: \(error)")
    }
  }

  /// A decoding error's reason, without the value it failed on.
  private func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(type(of: error))" }
    switch error {
    case .dataCorrupted: return "not valid JSON"
    case .keyNotFound(let key, _): return "no \"\(key.stringValue)\""
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "no \(type) at \(path.isEmpty ? "the top" : path)"
    @unknown default: return "cannot decode"
    }
  }
}

extension FileStorageKey: FallibleSharedKey {}

extension SharedKey {
  /// A value kept in the JSON file at `url`: `@Shared(.fileStorage(url)) var settings = Settings()`.
  ///
  /// - Parameter url: The file's location.
  /// - Returns: The key.
  public static func fileStorage<Stored>(_ url: URL) -> Self
  where Self == FileStorageKey<Stored> {
    FileStorageKey(url)
  }

  /// A value kept in a JSON file named after `name` in the user's configuration directory,
  /// ``DependencyValues/appStorageDirectory`` (`$XDG_CONFIG_HOME/tictactoe-host/appstorage`):
  /// `@Shared(.appStorage("isSoundOn")) var isSoundOn = true`. In a test process, outside any
  /// `withDependencies`, the directory is the test one, never the user's.
  ///
  /// - Parameter name: The value's name, which names its file.
  /// - Returns: The key.
  public static func appStorage<Stored>(_ name: String) -> Self
  where Self == FileStorageKey<Stored> {
    FileStorageKey(
      AppStorageDirectory.current.appendingPathComponent(AppStorageDirectory.fileName(for: name)))
  }
}
