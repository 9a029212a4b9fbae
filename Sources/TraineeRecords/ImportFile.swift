import Foundation
import JSONWire
import TraineeAPI

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "Strict import files": unknown or
// missing members, wrong types, unknown set types and duplicate ids are refused with the path of
// what is wrong; an empty file replaces nothing unless the operator says so.

/// An import file that cannot be imported: where in it and what is wrong.
public struct ImportFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path of the offending value, such as `plans[0].days[1].strength[3].sets`; empty for the
  /// whole file.
  public var path: String
  /// What is wrong with it.
  public var problem: String

  /// A problem at `path`.
  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  public var description: String { path.isEmpty ? problem : "\(path) \(problem)" }
}

/// The strict reading of an operator's import file (`perform program import`, `perform
/// nutrition-plan import`, the demo trainee's files).
public enum ImportFile {
  /// The programs of a file in the `GET /v1/trainee/workouts` shape; throws the first problem.
  public static func programs(_ data: Data) throws(ImportFileProblem) -> TrainingProgramsDto {
    try check(data, .programs)
    return try decode(TrainingProgramsDto.self, data)
  }

  /// The meal plans of a file in the `GET /v1/trainee/nutrition/plans` shape; throws the first
  /// problem.
  public static func nutritionPlans(_ data: Data) throws(ImportFileProblem) -> NutritionPlansDto {
    try check(data, .nutritionPlans)
    return try decode(NutritionPlansDto.self, data)
  }

  static func check(_ data: Data, _ shape: ImportFileShape) throws(ImportFileProblem) {
    let tree: JSONTree
    do {
      tree = try StrictJSON.parse(data)
    } catch {
      throw ImportFileProblem(path: "", problem: "is not valid JSON \(error)")
    }
    try check(tree, shape, at: "")
  }

  private static func decode<T: Decodable>(
    _ type: T.Type, _ data: Data
  ) throws(ImportFileProblem) -> T {
    let decoder = JSONDecoder()
    decoder.userInfo[.checkedInput] = true
    do {
      return try decoder.decode(type, from: data)
    } catch {
      let payload = PayloadError(error)
      throw ImportFileProblem(path: payload.field, problem: payload.problem)
    }
  }

  private static func check(
    _ value: JSONTree, _ shape: ImportFileShape, at path: String
  ) throws(ImportFileProblem) {
    func refuse(_ problem: String) -> ImportFileProblem {
      ImportFileProblem(path: path, problem: problem)
    }
    switch (shape, value) {
    case (.any, _), (.text, .string), (.textOrNumber, .string), (.textOrNumber, .number),
      (.number, .number), (.bool, .bool):
      return
    case (.name, .string(let text)):
      guard !ControlCharacters.found(in: text) else {
        throw refuse("holds a control character (U+0000 to U+001F or U+007F to U+009F)")
      }
    case (.whole(let range), .number(let number)):
      guard let whole = Int(exactly: number.value), range.contains(whole) else {
        throw refuse(
          "\(number.text) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
    case (.count(let range), .number(let number)):
      guard let whole = Int(exactly: number.value), range.contains(whole) else {
        throw refuse(
          "\(number.text) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
    case (.count(let range), .string(let text)):
      guard text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let whole = Int(text),
        range.contains(whole)
      else {
        throw refuse(
          "\"\(text)\" is not a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
    case (.oneOf(let names), .string(let text)):
      guard names.contains(text) else {
        throw refuse("\"\(text)\" is not one of \(names.joined(separator: ", "))")
      }
    case (.list(let element, let unique), .array(let elements)):
      var seen: [String: Int] = [:]
      for (index, item) in elements.enumerated() {
        let itemPath = "\(path)[\(index)]"
        try check(item, element, at: itemPath)
        guard let unique, let key = item[member: unique].map({ identity($0.value) }) else {
          continue
        }
        if let first = seen[key] {
          throw ImportFileProblem(
            path: "\(itemPath).\(unique)", problem: "repeats \(path)[\(first)].\(unique) \(key)")
        }
        seen[key] = index
      }
    case (.object(let fields), .object(let members)):
      for member in members where !fields.contains(where: { $0.name == member.name }) {
        let known = fields.map(\.name).joined(separator: ", ")
        throw ImportFileProblem(
          path: join(path, member.name), problem: "is not a known member (expected \(known))")
      }
      for field in fields {
        let member = members.first { $0.name == field.name }
        let memberPath = join(path, field.name)
        guard let member, !isNull(member.value) else {
          if field.required {
            throw ImportFileProblem(path: memberPath, problem: "is missing")
          }
          continue
        }
        try check(member.value, field.shape, at: memberPath)
      }
    default:
      throw refuse("is \(value.kind), not \(expected(shape))")
    }
  }

  private static func isNull(_ value: JSONTree) -> Bool {
    if case .null = value { return true }
    return false
  }

  private static func identity(_ value: JSONTree) -> String {
    switch value {
    case .string(let text): "\"\(text)\""
    case .number(let number): number.text
    default: value.kind
    }
  }

  private static func join(_ path: String, _ name: String) -> String {
    path.isEmpty ? name : "\(path).\(name)"
  }

  private static func expected(_ shape: ImportFileShape) -> String {
    switch shape {
    case .text, .name, .oneOf: "a string"
    case .textOrNumber: "a string or a number"
    case .number: "a number"
    case .whole, .count: "a whole number"
    case .bool: "true or false"
    case .list: "an array"
    case .object: "a dictionary"
    case .any: "any value"
    }
  }
}
