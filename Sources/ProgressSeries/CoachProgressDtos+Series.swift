import Foundation
import TraineeAPI

// NB: docs/decisions/what-the-coach-sees.md, "Records and progress": the coach's answers are the
// progress view's values on the wire, kilograms unrounded, instants with milliseconds in UTC.

extension RecordSetDto {
  /// The wire form of `set`.
  public init(_ set: RecordSet) {
    let estimate = set.estimatedOneRepMaxKg
    self.init(
      logId: set.logId, performedAt: ISO8601Instant.textWithMilliseconds(set.performedAt),
      weight: (set.weightKg ?? 0) > 0 ? set.weightKg : nil, reps: set.reps,
      estimatedOneRepMax: estimate > 0 ? estimate : nil)
  }
}

extension ExerciseRecordsDto {
  /// The wire form of `records`.
  public init(_ records: ExerciseRecords) {
    self.init(
      exerciseId: records.exerciseId, name: records.name, workouts: records.workouts,
      sets: records.sets,
      lastPerformedAt: ISO8601Instant.textWithMilliseconds(records.lastPerformedAt),
      bestSet: records.bestSet.map(RecordSetDto.init),
      heaviestSet: records.heaviestSet.map(RecordSetDto.init),
      mostRepsSet: records.mostRepsSet.map(RecordSetDto.init))
  }
}

extension TraineeProgressDto {
  /// The wire form of `progress` over the window from `from` to `to`, its weeks in `timeZone`.
  public init(_ progress: ExerciseProgress, from: Date, to: Date, timeZone: TimeZone) {
    let day = DateFormatter()
    day.locale = Locale(identifier: "en_US_POSIX")
    day.timeZone = timeZone
    day.dateFormat = "yyyy-MM-dd"
    self.init(
      exerciseId: progress.exercise.id, from: ISO8601Instant.textWithMilliseconds(from),
      to: ISO8601Instant.textWithMilliseconds(to), timeZone: timeZone.identifier,
      bestSets: progress.bestSets.map {
        ProgressBestSetDto(
          logId: $0.logId, workoutNumber: $0.workoutNumber,
          performedAt: ISO8601Instant.textWithMilliseconds($0.date), weight: $0.weightKg,
          reps: $0.reps, estimatedOneRepMax: $0.estimatedOneRepMaxKg)
      },
      weeklyVolume: progress.weeklyVolume.map {
        WeeklyVolumeDto(week: day.string(from: $0.date), volume: $0.value)
      })
  }
}
