import Foundation
import TraineeData

// NB: docs/decisions/the-coachs-roster.md, "Schedules": the operator's way to give an assigned
// program its schedule until the coach's program builder does: options checked before the
// database is opened, one of them exactly.

extension AdminCommands {
  /// `perform program schedule --trainee ID (--weekdays mon,wed,fri | --per-week N |
  /// --program-days)`.
  package static func programSchedule(_ arguments: [String]) -> Int32 {
    guard
      let options = parse(
        arguments, known: ["database", "data-dir", "trainee", "weekdays", "per-week"],
        flags: ["program-days"])
    else { return 2 }
    let usage =
      "usage: perform program schedule --trainee ID (--weekdays mon,wed,fri | --per-week N"
      + " | --program-days) [--database PATH]"
    guard options.positional == ["schedule"], let rawTrainee = options.values["trainee"] else {
      fail(usage)
      return 2
    }
    guard let trainee = TraineeID(rawTrainee) else {
      fail("--trainee \"\(rawTrainee)\" is not a trainee id")
      return 2
    }
    let weekdays = options.values["weekdays"]
    let perWeek = options.values["per-week"]
    let programDays = options.flags.contains("program-days")
    guard [weekdays != nil, perWeek != nil, programDays].filter({ $0 }).count == 1 else {
      fail("give one of --weekdays, --per-week and --program-days\n\(usage)")
      return 2
    }
    let schedule: ProgramSchedule?
    if let weekdays {
      guard let days = ScheduledWeekdays(names: weekdays) else {
        fail("--weekdays \"\(weekdays)\" is not a comma-separated list of mon, tue, ... sun")
        return 2
      }
      schedule = .weekdays(days)
    } else if let perWeek {
      guard let count = Int(perWeek), (1...ProgramSchedule.mostPerWeek).contains(count) else {
        fail("--per-week \"\(perWeek)\" is not a number from 1 to \(ProgramSchedule.mostPerWeek)")
        return 2
      }
      schedule = .perWeek(count)
    } else {
      schedule = nil
    }
    return withStore(options) { store in
      guard try store.trainee(id: trainee) != nil else {
        throw UsageError("there is no trainee \(trainee)")
      }
      guard try store.scheduleProgram(schedule, for: trainee) else {
        throw UsageError("trainee \(trainee) has no program; import one first")
      }
      say("scheduled the program of trainee \(trainee)")
    }
  }
}
