import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What another user of the machine could read (docs/security.md, "Files other local users could
/// read", "The trainee's token on the command line"), through the real `perform` binary started
/// with the usual umask 022.
@Suite(.serialized) struct LocalUsersTests {
  /// The permission bits of the file at `path`.
  static func mode(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
  }

  /// Every file and directory under `directory` (itself included) with its mode.
  static func modes(under directory: URL) -> [(String, mode_t)] {
    var found = [(directory.path, mode(directory.path) ?? 0)]
    let names = FileManager.default.subpaths(atPath: directory.path) ?? []
    for name in names.sorted() {
      let path = directory.appendingPathComponent(name).path
      found.append((path, mode(path) ?? 0))
    }
    return found
  }

  static func withDirectory(_ body: (URL) async throws -> Void) async throws {
    // The shared parent of every test's directory is the test runner's; the directory the
    // commands create below it is theirs.
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-local-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let previous = umask(0o022)
    defer { umask(previous) }
    try await body(directory)
  }

  @Test func theDatabaseItsWALAndTheDemoTokenAreTheOwnersAlone() async throws {
    try await Self.withDirectory { directory in
      let database = directory.appendingPathComponent("perform.sqlite")
      let server = try ServeChild(database: database, demo: true)
      defer { server.interrupt() }
      let token = try #require(server.token)
      let answer = try await server.request("GET", "/v1/trainee/workouts", token: token)
      #expect(answer.status == 200)
      for suffix in ["", "-wal", "-shm", ".demo-token"] {
        #expect(Self.mode(database.path + suffix) == 0o600, "\(suffix)")
      }
    }
  }

  @Test func theDataDirectoryAndAnExportAreTheOwnersAlone() async throws {
    try await Self.withDirectory { directory in
      let data = directory.appendingPathComponent("data")
      let export = directory.appendingPathComponent("history.csv")
      let output = try PerformBinary.run([
        "history", "export", "--csv", export.path, "--data-dir", data.path,
      ])
      #expect(output.status == 0, "\(output.stderr)")
      #expect(Self.mode(export.path) == 0o600)
      let loose = Self.modes(under: data).filter { $0.1 & 0o077 != 0 }
      #expect(loose.isEmpty, "\(loose.map { "\($0.0) \(String($0.1, radix: 8))" })")
      #expect(Self.mode(data.path) == 0o700)
      #expect(Self.mode(data.appendingPathComponent("perform.sqlite").path) == 0o600)
    }
  }

  @Test func looserModesAreRepairedAtStartAndReportedOnce() async throws {
    try await Self.withDirectory { directory in
      let data = directory.appendingPathComponent("data")
      let export = directory.appendingPathComponent("history.csv")
      let arguments = ["history", "export", "--csv", export.path, "--data-dir", data.path]
      #expect(try PerformBinary.run(arguments).status == 0)
      let database = data.appendingPathComponent("perform.sqlite").path
      chmod(data.path, 0o755)
      chmod(database, 0o644)
      chmod(database + ".demo-token", 0o640)
      let repaired = try PerformBinary.run(arguments)
      #expect(repaired.status == 0, "\(repaired.stderr)")
      #expect(repaired.stderr.contains("\(data.path) was mode 0755"), "\(repaired.stderr)")
      #expect(repaired.stderr.contains("\(database) was mode 0644"), "\(repaired.stderr)")
      #expect(repaired.stderr.contains(".demo-token was mode 0640"), "\(repaired.stderr)")
      #expect(Self.mode(data.path) == 0o700)
      #expect(Self.mode(database) == 0o600)
      #expect(Self.mode(database + ".demo-token") == 0o600)
      let again = try PerformBinary.run(arguments)
      #expect(!again.stderr.contains("was mode"), "\(again.stderr)")
    }
  }

  @Test func aServersDatabaseGivenByPathIsRepairedToo() async throws {
    try await Self.withDirectory { directory in
      let database = directory.appendingPathComponent("perform.sqlite").path
      #expect(
        try PerformBinary.run(["trainee", "add", "Ana", "--database", database]).status == 0)
      chmod(database, 0o664)
      let output = try PerformBinary.run(["trainee", "add", "Ben", "--database", database])
      #expect(output.status == 0)
      #expect(output.stderr.contains("\(database) was mode 0664"), "\(output.stderr)")
      #expect(Self.mode(database) == 0o600)
    }
  }

  @Test func theTokenComesFromAFileOrTheEnvironmentAndOnTheCommandLineOnlyWithAWarning()
    async throws
  {
    try await Self.withDirectory { directory in
      let server = try ServeChild(
        database: directory.appendingPathComponent("perform.sqlite"), demo: true)
      defer { server.interrupt() }
      let token = try #require(server.token)
      let url = "http://127.0.0.1:\(server.port)"
      let export = directory.appendingPathComponent("history.csv").path
      let data = directory.appendingPathComponent("data").path
      let command = ["history", "export", "--csv", export, "--server", url, "--data-dir", data]
      let tokenFile = directory.appendingPathComponent("token").path
      FileManager.default.createFile(
        atPath: tokenFile, contents: Data((token + "\n").utf8),
        attributes: [.posixPermissions: 0o600])

      let fromFile = try PerformBinary.run(command + ["--token-file", tokenFile])
      #expect(fromFile.status == 0, "\(fromFile.stderr)")
      #expect(fromFile.stderr.isEmpty, "\(fromFile.stderr)")

      let fromEnvironment = try PerformBinary.run(command, environment: ["PERFORM_TOKEN": token])
      #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
      #expect(fromEnvironment.stderr.isEmpty, "\(fromEnvironment.stderr)")

      let fromArguments = try PerformBinary.run(command + ["--token", token])
      #expect(fromArguments.status == 0, "\(fromArguments.stderr)")
      #expect(fromArguments.stderr.contains("warning: --token shows the token"))

      chmod(tokenFile, 0o644)
      let readable = try PerformBinary.run(command + ["--token-file", tokenFile])
      #expect(readable.status == 2)
      #expect(readable.stderr.contains("may be read by other users (mode 0644)"))
      #expect(!readable.stderr.contains(token))

      let none = try PerformBinary.run(command, environment: ["PERFORM_TOKEN": ""])
      #expect(none.status == 2)
    }
  }
}
