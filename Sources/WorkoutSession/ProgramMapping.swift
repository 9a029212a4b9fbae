import Foundation
import TraineeAPI

// NB: docs/specs/workout-session.md, "Data in". Pure mappings from the wire programs to the view
// models; nothing here reads the clock, the disk or the network.

/// The most sets a coach's free text can make; a typo like `300` must not make 300 rows.
public let maximumPrescribedSets = 30

/// Finds the day `dayId` in the plan `planId`, or in any plan when `planId` is `nil`.
public func findDay(
  _ programs: TrainingProgramsDto, dayId: String, planId: String?
) -> (plan: ProgramPlanDto, day: ProgramDayDto)? {
  for plan in programs.plans where planId == nil || plan.id == planId {
    if let day = plan.days.first(where: { $0.id == dayId }) { return (plan, day) }
  }
  return nil
}

/// The day `dayId` of plan `planId` ready to be done, or an empty workout with
/// `programId: nil` when there is no such day.
public func getLiveWorkout(
  _ programs: TrainingProgramsDto, dayId: String, planId: String?, units: UnitSystem = .metric
) -> LiveWorkout {
  guard let (plan, day) = findDay(programs, dayId: dayId, planId: planId) else {
    return LiveWorkout(dayId: dayId, programId: nil)
  }
  return dayToLive(day, planId: plan.id, units: units, programVersion: plan.version)
}

/// Maps one program day to a live workout: strength rows first, then cardio rows.
/// `programVersion` is the plan's version (a program a coach built), which the log names.
public func dayToLive(
  _ day: ProgramDayDto, planId: String?, units: UnitSystem, programVersion: Int? = nil
) -> LiveWorkout {
  LiveWorkout(
    dayId: day.id, programId: planId, programVersion: programVersion, dayLabel: day.label ?? "",
    title: day.title ?? "", subtitle: day.subtitle ?? "", heroImage: day.heroImage ?? "",
    rirColumn: day.rirColumn ?? false,
    exercises: day.strength.map { strengthExercise($0, units: units) }
      + day.cardio.map(cardioExercise))
}

func strengthExercise(_ row: StrengthDto, units: UnitSystem) -> WorkoutExercise {
  var sets = makeSets(row, units: units)
  for index in sets.indices {
    sets[index].takeLast(lastSet(row.lastSets, setNumber: sets[index].setNumber), units: units)
  }
  return WorkoutExercise(
    id: row.id, exerciseId: row.exerciseId, name: row.name, image: row.image, kind: .strength,
    restSeconds: restToSeconds(row.rest), tempo: row.tempo, supersetGroup: row.supersetGroup,
    videoRequired: row.videoRequired ?? false, coachFeedback: row.coachFeedback,
    setsLabel: row.sets, best: row.best, substitutes: row.substitutes, sets: sets)
}

func cardioExercise(_ row: CardioDto) -> WorkoutExercise {
  let count = min(firstNumber(row.sets).flatMap { $0 > 0 ? $0 : nil } ?? 1, maximumPrescribedSets)
  return WorkoutExercise(
    id: row.id, exerciseId: row.exerciseId, name: row.name, image: row.image, kind: .cardio,
    restSeconds: restToSeconds(row.rest), setsLabel: row.sets,
    sets: (1...count).map { ExerciseSet(setNumber: $0) })
}

/// The sets of a strength row: the coach's `setRows` when present, otherwise
/// `firstNumber(sets) || 3` working sets, each with the row's targets.
public func makeSets(_ row: StrengthDto, units: UnitSystem = .metric) -> [ExerciseSet] {
  func target(reps: String?, weight: String?, number: Int, type: SetType) -> ExerciseSet {
    let label = reps?.trimmingCharacters(in: .whitespaces) ?? ""
    let targetReps = firstNumber(label).flatMap { $0 > 0 ? $0 : nil }
    let targetWeight = weight.flatMap(firstDecimal).map { units.displayWeight(kilograms: $0) }
    return ExerciseSet(
      setNumber: number, type: type, targetReps: targetReps, targetRepsLabel: label,
      targetWeight: targetWeight)
  }
  if !row.setRows.isEmpty {
    return row.setRows.prefix(maximumPrescribedSets).map {
      target(
        reps: $0.reps ?? row.reps, weight: $0.weight ?? row.weight, number: $0.setNumber,
        type: $0.type)
    }
  }
  let prescribed = firstNumber(row.sets) ?? 0
  let count = min(prescribed > 0 ? prescribed : 3, maximumPrescribedSets)
  return (1...count).map { target(reps: row.reps, weight: row.weight, number: $0, type: .working) }
}

/// Last time's set `setNumber`, falling back to the last entry of the list.
public func lastSet(_ lastSets: [LastSetDto], setNumber: Int) -> LastSetDto? {
  lastSets.first { $0.setNumber == setNumber } ?? lastSets.last
}

extension ExerciseSet {
  /// Takes last time's set `last` as the placeholder, in `units`; in pounds it also keeps the
  /// kilograms the pounds were written from (`lastWeightKg`).
  mutating func takeLast(_ last: LastSetDto?, units: UnitSystem) {
    lastWeight = displayWeight(last?.weight, units: units)
    lastWeightKg =
      units == .metric || lastWeight.isEmpty ? nil : last?.weight.flatMap(EnteredValue.decimal)
    lastReps = displayReps(last?.reps)
  }
}

/// A weight in kilograms from the server, as the trainee sees it: `""` when absent or unreadable.
func displayWeight(_ kilograms: String?, units: UnitSystem) -> String {
  guard let kilograms, let value = EnteredValue.decimal(kilograms) else { return "" }
  switch units {
  case .metric: return kilograms.trimmingCharacters(in: .whitespaces)
  case .imperial: return EnteredValue.text(units.displayWeight(kilograms: value))
  }
}

/// Last time's reps as the placeholder: `""` when absent or not a whole number, as checking an
/// empty set commits it (docs/specs/workout-session.md, "Checking a set") and must not refuse a
/// value nobody typed.
func displayReps(_ reps: String?) -> String {
  guard let reps, EnteredValue.wholeNumber(reps) != nil else { return "" }
  return reps.trimmingCharacters(in: .whitespaces)
}

/// The longest rest a coach's text can give: a typo must not make a rest of days.
let maximumRestSeconds = 24 * 60 * 60

/// Seconds of rest from a coach's text, `0` (no rest) for anything it does not read whole:
/// `m:ss` or `mm:ss`; a whole number of seconds, bare or with `s`, `sec` or `secs`; a whole
/// number of minutes with `m`, `min` or `mins`. A space may stand before the unit, and case does
/// not matter (`90`, `90s`, `90 sec`, `2 min`, `2m`, `1:30`). Decimals (`1.5`), mixed units
/// (`1m30s`), ranges and words are no rest rather than their leading digits. At most a day.
public func restToSeconds(_ rest: String?) -> Int {
  guard let rest = rest?.trimmingCharacters(in: .whitespacesAndNewlines), !rest.isEmpty else {
    return 0
  }
  if rest.contains(":") {
    let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      let minutes = asciiWholeNumber(parts[0]), let seconds = asciiWholeNumber(parts[1]),
      seconds < 60
    else { return 0 }
    return minutes * 60 + seconds
  }
  let digits = rest.prefix { $0.isASCII && $0.isNumber }
  guard let number = asciiWholeNumber(digits) else { return 0 }
  let secondsPerUnit: Int
  switch rest.dropFirst(digits.count).trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
  case "", "s", "sec", "secs": secondsPerUnit = 1
  case "m", "min", "mins": secondsPerUnit = 60
  default: return 0
  }
  return number > maximumRestSeconds
    ? maximumRestSeconds : min(number * secondsPerUnit, maximumRestSeconds)
}

/// `text` as a whole number when it is only ASCII digits; any count of them too big for an `Int`
/// reads as `Int.max`.
private func asciiWholeNumber(_ text: Substring) -> Int? {
  guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
  return Int(text) ?? Int.max
}

/// The first whole number in a coach's text: `3` for `3-4`, `12` for `x12`, `nil` for `AMRAP`.
public func firstNumber(_ text: String?) -> Int? {
  guard let text else { return nil }
  let digits = text.drop { !($0.isASCII && $0.isNumber) }.prefix { $0.isASCII && $0.isNumber }
  return digits.isEmpty ? nil : Int(digits.prefix(6))
}

/// The first decimal number in a coach's text: `60` for `60`, `62.5` for `62,5 kg`.
func firstDecimal(_ text: String) -> Double? {
  let start = text.drop { !($0.isASCII && $0.isNumber) }
  var number = ""
  var seenSeparator = false
  for character in start {
    if character.isASCII && character.isNumber {
      number.append(character)
    } else if (character == "." || character == ","), !seenSeparator {
      seenSeparator = true
      number.append(".")
    } else {
      break
    }
  }
  if number.hasSuffix(".") { number.removeLast() }
  return number.isEmpty ? nil : Double(number)
}
