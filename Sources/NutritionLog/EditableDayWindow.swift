import Foundation

// NB: docs/specs/nutrition-day.md, "Which days can be edited". Today and yesterday
// are editable; older days are read-only; future days cannot be picked.

/// `EDITABLE_PAST_DAYS`: how many days before today can still be edited.
public let editablePastDays = 1

/// Where a day stands relative to today.
public enum DayEditability: String, Codable, Equatable, Sendable {
  /// Today or one of the `editablePastDays` before it.
  case editable
  /// Older than the editable window: rendered from the saved day, never edited.
  case readOnly
  /// After today: cannot be picked, and is never saved.
  case future
}

/// `dayOffsetFromToday`: whole days from `today` to `day` (0 today, -1 yesterday, 1 tomorrow).
public func dayOffsetFromToday(_ day: CalendarDay, today: CalendarDay) -> Int {
  day.days(since: today)
}

/// `isEditableDay`: the offset from today is 0 or down to `-editablePastDays`.
public func isEditableDay(_ day: CalendarDay, today: CalendarDay) -> Bool {
  editability(of: day, today: today) == .editable
}

/// Whether `day` can be edited when it is `today`, and if not, why.
public func editability(of day: CalendarDay, today: CalendarDay) -> DayEditability {
  let offset = dayOffsetFromToday(day, today: today)
  if offset > 0 { return .future }
  return offset >= -editablePastDays ? .editable : .readOnly
}
