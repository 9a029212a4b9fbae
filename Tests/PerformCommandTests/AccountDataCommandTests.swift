import Foundation
import SQLStore
import Testing

/// `perform account export` and `perform account delete` as an operator runs them, on SQLite and
/// (with PERFORM_TEST_POSTGRESQL) PostgreSQL, and `perform serve --audit-retention-days`
/// pruning a deleted account's old audit events (docs/decisions/accounts.md, "Exporting an
/// account" and "Deleting an account").
@Suite struct AccountDataCommandTests {
  /// SQLite, and PostgreSQL when a test cluster is named.
  static let backends =
    ProcessInfo.processInfo.environment["PERFORM_TEST_POSTGRESQL"] == nil
    ? ["sqlite"] : ["sqlite", "postgresql"]

  /// A new database of `backend` in `directory`: a SQLite file, or a schema of its own in the
  /// test cluster, as `--database` takes it.
  static func database(_ backend: String, in directory: URL) throws -> String {
    guard backend == "postgresql",
      let base = ProcessInfo.processInfo.environment["PERFORM_TEST_POSTGRESQL"]
    else { return directory.appendingPathComponent("perform.sqlite").path }
    let schema = "acct_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let administration = try PostgreSQLDatabase(url: base)
    defer { administration.close() }
    try administration.execute("CREATE SCHEMA \(schema)")
    return base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
  }

  /// The database `argument` names, opened as the binary opens it.
  static func open(_ argument: String) throws -> any DatabaseDriver {
    PostgreSQLDatabase.isURL(argument)
      ? try PostgreSQLDatabase(url: argument) : try SQLiteDatabase(path: argument)
  }

  /// The account of the trainee `trainee`.
  static func account(ofTrainee trainee: String, in argument: String) throws -> String {
    let database = try open(argument)
    defer { database.close() }
    let id = try database.readTransaction { db in
      try db.row(
        "SELECT id FROM accounts WHERE trainee_id = ?", [.integer(Int64(trainee) ?? 0)]
      ) { try $0.int64(0) }
    }
    return String(try #require(id))
  }

  @Test(arguments: backends)
  func theOperatorExportsAndDeletesAnAccount(_ backend: String) throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try Self.database(backend, in: directory)
    let added = try PerformBinary.run(["trainee", "add", "Ana", "--database", database])
    #expect(added.status == 0, "\(added.stderr)")
    let trainee = try #require(
      String(decoding: added.stdout, as: UTF8.self).split(separator: "\n")
        .first { $0.hasPrefix("id: ") }?.dropFirst(4))
    let program = PerformBinary.packageRoot.appendingPathComponent("examples/demo-program.json")
    let imported = try PerformBinary.run(
      ["program", "import", program.path, "--trainee", String(trainee), "--database", database])
    #expect(imported.status == 0, "\(imported.stderr)")
    let account = try Self.account(ofTrainee: String(trainee), in: database)

    let file = directory.appendingPathComponent("ana.json")
    let exported = try PerformBinary.run(
      ["account", "export", account, "--to", file.path, "--database", database])
    #expect(exported.status == 0, "\(exported.stderr)")
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    #expect(document["formatVersion"] as? Int == 1)
    let records = (document["trainee"] as? [String: Any])?["records"] as? [String: Any]
    #expect((records?["programs"] as? [Any])?.count == 1)
    // Without --to, the document goes to standard output.
    let printed = try PerformBinary.run(["account", "export", account, "--database", database])
    #expect(printed.status == 0, "\(printed.stderr)")
    let shown = try JSONSerialization.jsonObject(with: printed.stdout) as? [String: Any]
    #expect((shown?["account"] as? [String: Any])?["id"] as? String == account)

    // Not confirmed: nothing is deleted.
    let refused = try PerformBinary.run(
      ["account", "delete", account, "--database", database], input: Data("no\n".utf8))
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("nothing was deleted"))
    let confirmed = try PerformBinary.run(
      ["account", "delete", account, "--database", database], input: Data("\(account)\n".utf8))
    #expect(confirmed.status == 0, "\(confirmed.stderr)")
    #expect(String(decoding: confirmed.stdout, as: UTF8.self).contains("deleted account"))

    let gone = try PerformBinary.run(
      ["account", "export", account, "--to", file.path, "--database", database])
    #expect(gone.status == 2)
    #expect(gone.stderr.contains("there is no account \(account)"))
    // The export of before is left as it was.
    #expect(try Data(contentsOf: file).count > 0)
    let again = try PerformBinary.run(
      ["account", "delete", account, "--yes", "--database", database])
    #expect(again.status == 2)
    let badID = try PerformBinary.run(["account", "export", "ana", "--database", database])
    #expect(badID.status == 2)
  }

  @Test(arguments: backends)
  func theServerPrunesADeletedAccountsEventsPastTheRetention(_ backend: String) throws {
    let directory = try ActivityCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try Self.database(backend, in: directory)
    let added = try PerformBinary.run(["trainee", "add", "Ana", "--database", database])
    #expect(added.status == 0, "\(added.stderr)")
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    let day: Int64 = 86_400_000
    let driver = try Self.open(database)
    try driver.writeTransaction(.readCommitted) { db in
      for (marker, at) in [("deleted:old", now - 31 * day), ("deleted:recent", now - 29 * day)] {
        try db.run(
          "INSERT INTO auth_events (event, account_marker, at) VALUES ('account_deleted', ?, ?)",
          [.text(marker), .integer(at)])
      }
      try db.run(
        "INSERT INTO auth_events (event, at) VALUES ('sign_in', ?)", [.integer(now - 365 * day)])
    }
    // The first pruning is done before the server says it listens.
    let server = try ServeChild(
      databaseArgument: database, demo: false, arguments: ["--audit-retention-days", "30"])
    defer { server.kill9() }
    let left = try driver.readTransaction { db in
      try db.rows("SELECT COALESCE(account_marker, event) FROM auth_events ORDER BY id") {
        try $0.string(0)
      }
    }
    driver.close()
    #expect(left == ["deleted:recent", "sign_in"])
  }

  @Test func aRetentionOutsideItsRangeIsRefusedNamingTheOption() throws {
    for days in ["0", "3651", "ninety"] {
      let checked = try PerformBinary.run(
        ["serve", "--check-config", "--audit-retention-days", days, "--database", ":memory:"])
      #expect(checked.status == 2)
      #expect(checked.stderr.contains("--audit-retention-days \"\(days)\" is not a number"))
    }
    let fine = try PerformBinary.run(
      ["serve", "--check-config", "--audit-retention-days", "30", "--database", ":memory:"])
    #expect(
      String(decoding: fine.stdout, as: UTF8.self).contains(
        "audit retention of deleted accounts: 30 days"), "\(fine.stderr)")
  }
}
