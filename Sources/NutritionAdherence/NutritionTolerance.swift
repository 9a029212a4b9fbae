import Foundation
import TraineeAPI

// NB: docs/decisions/the-coachs-roster.md, "Nutrition within tolerance": a coach sets, per
// studio and trainee, how far a day's kcal may be from its target (±P %) and how much of the
// protein target it must reach (at least Q %); without a setting, 10 and 90. A day is within
// tolerance when its plan day has a kcal and a protein target above 0 and both hold, both
// boundaries included, compared in whole tenths (the rounding the diary writes), so exactly
// 10 % and exactly 90 % are within.

/// How near a day must come to its plan day's targets to count as on goal.
public struct NutritionTolerance: Equatable, Sendable {
  /// The eaten kcal may differ from the kcal target by at most this percent, either way.
  public var kcalWithinPercent: Int
  /// The eaten protein must be at least this percent of the protein target.
  public var proteinAtLeastPercent: Int

  /// A tolerance.
  public init(kcalWithinPercent: Int, proteinAtLeastPercent: Int) {
    self.kcalWithinPercent = kcalWithinPercent
    self.proteinAtLeastPercent = proteinAtLeastPercent
  }

  /// The tolerance of a trainee whose coach set none: kcal within ±10 %, protein at least 90 %.
  public static let standard = NutritionTolerance(kcalWithinPercent: 10, proteinAtLeastPercent: 90)

  /// The values `kcalWithinPercent` may take.
  public static let kcalPercents = 0...100
  /// The values `proteinAtLeastPercent` may take.
  public static let proteinPercents = 0...200

  /// Whether `day` is within this tolerance: it has a kcal and a protein target above 0, its
  /// kcal is within ±`kcalWithinPercent` of the first and its protein at least
  /// `proteinAtLeastPercent` of the second. Both boundaries count as within.
  public func holds(for day: KeptDayTotals) -> Bool {
    guard let kcal = day.targetKcalTenths, kcal > 0, let protein = day.targetProteinTenths,
      protein > 0
    else { return false }
    let kcalOff = abs(day.eatenKcalTenths - kcal)
    return kcalOff * 100 <= kcalWithinPercent * kcal
      && day.eatenProteinTenths * 100 >= proteinAtLeastPercent * protein
  }
}

extension NutritionTolerance {
  /// The tolerance a `PUT` body asks for, or every bad value with its path: a JSON object with
  /// `kcalWithinPercent` (a whole number in ``kcalPercents``) and `proteinAtLeastPercent` (a whole
  /// number in ``proteinPercents``), both required. Other members are ignored.
  public static func read(_ body: JSONValue) -> Result<NutritionTolerance, ToleranceRefusal> {
    guard case .object(let members) = body else {
      return .failure(ToleranceRefusal(problems: [("", "must be a JSON object")]))
    }
    var problems: [(path: String, problem: String)] = []
    func whole(_ name: String, in range: ClosedRange<Int>) -> Int? {
      guard let member = members[name] else {
        problems.append((name, "is required"))
        return nil
      }
      guard case .number(let number) = member, number.rounded() == number,
        number >= Double(range.lowerBound), number <= Double(range.upperBound)
      else {
        problems.append(
          (name, "must be a whole number from \(range.lowerBound) to \(range.upperBound)"))
        return nil
      }
      return Int(number)
    }
    let kcal = whole("kcalWithinPercent", in: kcalPercents)
    let protein = whole("proteinAtLeastPercent", in: proteinPercents)
    guard let kcal, let protein else { return .failure(ToleranceRefusal(problems: problems)) }
    return .success(NutritionTolerance(kcalWithinPercent: kcal, proteinAtLeastPercent: protein))
  }
}

/// Why a tolerance body was refused: every bad value, by its path in the body (empty for the
/// body itself), in the order of the members.
public struct ToleranceRefusal: Error, Equatable, Sendable {
  public var problems: [Problem]

  /// A bad value.
  public struct Problem: Equatable, Sendable {
    public var path: String
    public var problem: String
  }

  init(problems: [(path: String, problem: String)]) {
    self.problems = problems.map { Problem(path: $0.path, problem: $0.problem) }
  }

  /// `Body: kcalWithinPercent must be ...; proteinAtLeastPercent is required.`
  public var message: String {
    "Body: "
      + problems.map { $0.path.isEmpty ? $0.problem : "\($0.path) \($0.problem)" }
      .joined(separator: "; ") + "."
  }
}
