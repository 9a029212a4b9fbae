import Foundation
import Testing

/// The server's layers know nothing of the service above them, and the store and the HTTP layer
/// nothing of each other (docs/architecture.md, "The server in layers"): each imports only the
/// modules listed here, checked on the sources themselves, since a build may let a module import
/// another it does not declare.
struct ServerLayersTests {
  private static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// What each layer may import besides the system's own modules.
  private static let allowed: [String: Set<String>] = [
    "JSONWire": [],
    "WireFormat": [],
    "LockedValue": [],
    "SQLStore": ["LockedValue", "CSQLite", "CPostgreSQL"],
    "SHA256Digest": ["CCrypto"],
    "PasswordHashing": ["CArgon2"],
    "HTTPServer": ["JSONWire", "LockedValue", "SHA256Digest", "WireFormat", "CMicroHTTPD"],
    "TraineeDatabaseSchema": ["SQLStore"],
    "TraineeRecords": ["TraineeAPI", "JSONWire", "SQLStore", "SHA256Digest"],
    "TraineeWireJSON": ["TraineeAPI", "JSONWire"],
    "CoachPrograms": ["TraineeAPI", "TraineeRecords"],
    "NutritionAdherence": ["TraineeAPI", "TraineeRecords", "SQLStore"],
    "ProgressSeries": ["TraineeAPI"],
    "ExerciseRecordTable": ["ProgressSeries", "SQLStore", "TraineeAPI"],
    "CoachMealPlans": ["TraineeAPI", "TraineeRecords", "CoachPrograms", "JSONWire"],
    "CoachNotificationTexts": ["TraineeAPI"],
    "StudioEvents": ["SQLStore", "TraineeRecords"],
    "TraineeData": [
      "TraineeAPI", "TraineeDatabaseSchema", "TraineeRecords", "TraineeWireJSON", "CoachPrograms",
      "NutritionAdherence", "ProgressSeries", "ExerciseRecordTable", "CoachMealPlans",
      "CoachNotificationTexts", "StudioEvents", "JSONWire", "SQLStore", "SHA256Digest",
      "LockedValue",
    ],
    "Foods": ["TraineeAPI", "HTTPServer"],
    "Accounts": [
      "TraineeData", "TraineeAPI", "SQLStore", "PasswordHashing", "JSONWire", "LockedValue",
    ],
  ]

  private static let system: Set<String> = ["Foundation", "Dispatch", "Glibc", "Synchronization"]

  /// The modules `text` imports, `@testable` and `@preconcurrency` ones included.
  static func imports(_ text: String) -> Set<String> {
    var modules: Set<String> = []
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
      if words.count == 2, words[0] == "import" { modules.insert(String(words[1])) }
    }
    return modules
  }

  @Test(arguments: allowed.keys.sorted())
  func aLayerImportsOnlyWhatItsBelow(_ module: String) throws {
    let directory = Self.sources.appendingPathComponent(module)
    let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      let extra = Self.imports(text).subtracting(Self.system).subtracting(Self.allowed[module]!)
      #expect(extra.isEmpty, "\(module)/\(file) imports \(extra.sorted())")
    }
  }

  /// The trainee store answers in its own errors and values, never in HTTP: what a route answers
  /// for them is the service's (docs/architecture.md, "The server in layers").
  @Test func theTraineeStoreKnowsNoHTTP() throws {
    for store in [
      "TraineeData", "TraineeRecords", "TraineeWireJSON", "CoachPrograms", "ProgressSeries",
      "ExerciseRecordTable", "CoachMealPlans", "CoachNotificationTexts", "NutritionAdherence",
    ] {
      #expect(Self.allowed[store]!.isDisjoint(with: ["HTTPServer", "TraineeServer"]), "\(store)")
    }
    let directory = Self.sources.appendingPathComponent("TraineeData")
    let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.contains("DatabaseTraineeStore.swift"))
    for file in files {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      let http = Self.imports(text).intersection(["HTTPServer", "TraineeServer", "CMicroHTTPD"])
      #expect(http.isEmpty, "TraineeData/\(file) imports \(http.sorted())")
    }
  }

  /// The app's client is no layer of the server: no server module imports it, the service on
  /// top included (docs/architecture.md, "The server in layers").
  @Test(arguments: ["TraineeServer"] + allowed.keys.sorted())
  func noServerModuleImportsTheClient(_ module: String) throws {
    let directory = Self.sources.appendingPathComponent(module)
    let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      #expect(!Self.imports(text).contains("TraineeClient"), "\(module)/\(file)")
    }
  }

  @Test func importsAreReadWhateverTheirAttributes() {
    let text = "import Foundation\n  import Glibc\n@testable import TraineeServer\n// import X\n"
    #expect(Self.imports(text) == ["Foundation", "Glibc", "TraineeServer"])
  }
}
