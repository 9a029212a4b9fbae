import Foundation
import TraineeAPI
import TraineeRecords

// NB: docs/decisions/the-coachs-roster.md, "Nutrition within tolerance": a day's eaten totals and
// targets are those of the one diary reading the app and the server's menu share
// (`NutritionMenuDto(date:plan:snapshot:logs:)`), computed in the transaction of each write that
// changes them, against the plan day `PlanDayChoice.choose` picks without a hint, from the
// plans in force at that write. They are kept in tenths, the diary's rounding, so the tolerance
// compares whole numbers.

/// A day's plan against eaten as the server keeps it: what was eaten and the plan day's kcal and
/// protein targets, each in tenths (the diary rounds to 0.1).
public struct KeptDayTotals: Equatable, Sendable {
  public var eatenKcalTenths: Int
  public var eatenProteinTenths: Int
  public var eatenCarbsTenths: Int
  public var eatenFatTenths: Int
  /// The plan day's kcal target; `nil` without a plan day or a kcal target.
  public var targetKcalTenths: Int?
  /// The plan day's protein target; `nil` without a plan day or a protein target.
  public var targetProteinTenths: Int?

  /// Totals in tenths.
  public init(
    eatenKcalTenths: Int, eatenProteinTenths: Int, eatenCarbsTenths: Int = 0,
    eatenFatTenths: Int = 0, targetKcalTenths: Int?, targetProteinTenths: Int?
  ) {
    self.eatenKcalTenths = eatenKcalTenths
    self.eatenProteinTenths = eatenProteinTenths
    self.eatenCarbsTenths = eatenCarbsTenths
    self.eatenFatTenths = eatenFatTenths
    self.targetKcalTenths = targetKcalTenths
    self.targetProteinTenths = targetProteinTenths
  }

  /// The totals of a diary's `eaten` against a plan day's `targets`.
  public init(eaten: MacrosDto, targets: NutritionTargetsDto?) {
    self.init(
      eatenKcalTenths: Self.tenths(eaten.kcal), eatenProteinTenths: Self.tenths(eaten.protein),
      eatenCarbsTenths: Self.tenths(eaten.carbs), eatenFatTenths: Self.tenths(eaten.fat),
      targetKcalTenths: targets?.kcal.map(Self.tenths),
      targetProteinTenths: targets?.protein.map(Self.tenths))
  }

  /// What was eaten, as the diary writes it.
  public var eaten: MacrosDto {
    MacrosDto(
      kcal: Self.value(eatenKcalTenths), protein: Self.value(eatenProteinTenths),
      carbs: Self.value(eatenCarbsTenths), fat: Self.value(eatenFatTenths))
  }

  /// The kcal target, as the plan wrote it to 0.1.
  public var targetKcal: Double? { targetKcalTenths.map(Self.value) }
  /// The protein target, as the plan wrote it to 0.1.
  public var targetProtein: Double? { targetProteinTenths.map(Self.value) }

  /// The largest amount kept either way, in tenths: far beyond any a day can eat, small enough
  /// that the tolerance's products stay within 64 bits.
  static let largestTenths = 1_000_000_000_000

  /// `value` in whole tenths, rounded half away from zero, within ±``largestTenths``.
  static func tenths(_ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    let bound = Double(largestTenths)
    return Int(min(bound, max(-bound, (value * 10).rounded())))
  }

  private static func value(_ tenths: Int) -> Double { Double(tenths) / 10 }
}

extension NutritionMenuDto {
  /// The diary of `date` from what the store keeps: `plans`, the day's `snapshot` and the date's
  /// meal `logs`, read against the plan day `PlanDayChoice.choose` picks for `hint`; with the
  /// plan day it was read against. Throws `storageFailed` for a log this build cannot read.
  public static func stored(
    _ date: CalendarDate, hint: PlanDayHint?, plans: [NutritionPlanDto],
    snapshot: NutritionDaySnapshot?, logs: [MealLog]
  ) throws -> (diary: NutritionMenuDto, planDay: PlanDayChoice?) {
    let planDay = PlanDayChoice.choose(
      plans, hint: hint, snapshot: snapshot, dateKey: date.dayKey.rawValue)
    let logs = try logs.map(MenuLogDto.init(stored:))
    return (NutritionMenuDto(date: date, plan: planDay, snapshot: snapshot, logs: logs), planDay)
  }
}

extension KeptDayTotals {
  /// The totals of `date` from the stored texts: the trainee's plans document (`nil`: none),
  /// the day's saved snapshot (`nil`: none saved) and the date's meal logs, read without a plan
  /// day hint. Throws `storageFailed` when one of them cannot be read.
  public static func of(
    _ date: CalendarDate, plansJSON: String?, dayJSON: String?, logs: [MealLog]
  ) throws -> KeptDayTotals {
    let plans = try plansJSON.map {
      try decodeStored(NutritionPlansDto.self, $0, "the stored nutrition plans").plans
    }
    let snapshot = try dayJSON.map {
      try decodeStored(NutritionDaySnapshot.self, $0, "the stored day \(date)")
    }
    let read = try NutritionMenuDto.stored(
      date, hint: nil, plans: plans ?? [], snapshot: snapshot, logs: logs)
    return KeptDayTotals(eaten: read.diary.eaten, targets: read.planDay?.day.targets)
  }
}
