import Foundation

// NB: docs/decisions/history-progress-and-moving-data.md "Progress charts": the value axis has
// round steps (1, 2 or 5 times a power of ten) and never draws a line flat on an edge: one point or
// a flat line gets a tenth of its value above and below. The time axis is proportional to time, so
// a gap of months shows as one, and runs from the first point to the last, never past it; its ticks
// are days, Mondays, firsts of months, quarters or years, whichever is the finest that fits.
// A single moment sits midway, ticked at its own date.

/// The axes of a chart: values from `low` to `high` with `ticks`, time from `start` to `end`
/// with `dateTicks`.
public struct ChartScale: Equatable, Sendable {
  public var low: Double
  public var high: Double
  public var step: Double
  public var ticks: [Double]
  /// Digits after the point of the value labels.
  public var decimals: Int
  public var start: Date
  public var end: Date
  public var dateTicks: [Date]
  /// How date labels are written: `yyyy-MM-dd`, `yyyy-MM` or `yyyy`.
  public var dateFormat: String
  public var timeZone: TimeZone

  /// The scale of `points` (not empty) with at most `valueTicks` value ticks and `dateTicks`
  /// date ticks.
  public init(
    points: [ProgressPoint], valueTicks: Int, dateTicks maxDateTicks: Int, timeZone: TimeZone
  ) {
    precondition(!points.isEmpty, "a chart needs a point")
    var minimum = points.map(\.value).min()!
    var maximum = points.map(\.value).max()!
    if maximum - minimum < 1e-9 {
      let pad = minimum == 0 ? 1 : abs(minimum) / 10
      minimum -= pad
      maximum += pad
    }
    let step = Self.niceNumber((maximum - minimum) / Double(max(1, valueTicks - 1)))
    low = (minimum / step).rounded(.down) * step
    high = (maximum / step).rounded(.up) * step
    self.step = step
    ticks = stride(from: low, through: high + step / 2, by: step).map {
      ($0 / step).rounded() * step
    }
    decimals = step >= 1 ? 0 : min(3, Int((-log10(step)).rounded(.up)))
    let first = points.map(\.date).min()!
    let last = points.map(\.date).max()!
    self.timeZone = timeZone
    if last.timeIntervalSince(first) < 1 {
      // One moment: it sits midway on an axis of half a day each side, its only tick its own
      // date, rather than an axis of days before and after it that nothing happened on.
      start = first - 43_200
      end = last + 43_200
      (dateTicks, dateFormat) = ([first], "yyyy-MM-dd")
      return
    }
    start = first
    end = last
    (self.dateTicks, dateFormat) = Self.dateTicks(
      from: first, to: last, max: maxDateTicks, timeZone: timeZone)
  }

  /// 1, 2, 5 or 10 times a power of ten, the smallest not below `value`.
  static func niceNumber(_ value: Double) -> Double {
    guard value > 0 else { return 1 }
    let power = pow(10, (log10(value)).rounded(.down))
    for factor in [1.0, 2, 5, 10] where factor * power >= value - 1e-12 * power {
      return factor * power
    }
    return 10 * power
  }

  /// The finest of days, Mondays, months, quarters and years with at most `max` ticks from
  /// `start` to `end`, and the label format that goes with it.
  static func dateTicks(
    from start: Date, to end: Date, max: Int, timeZone: TimeZone
  ) -> ([Date], String) {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = timeZone
    let choices: [(Calendar.Component, Int, String)] = [
      (.day, 1, "yyyy-MM-dd"), (.weekOfYear, 1, "yyyy-MM-dd"), (.month, 1, "yyyy-MM"),
      (.month, 3, "yyyy-MM"), (.year, 1, "yyyy"), (.year, 5, "yyyy"), (.year, 25, "yyyy"),
    ]
    var fallback: ([Date], String) = ([start], "yyyy-MM-dd")
    for (component, count, format) in choices {
      var tick = calendar.dateInterval(of: component, for: start)!.start
      if component == .month, count > 1 {
        let month = calendar.component(.month, from: tick)
        tick = calendar.date(byAdding: .month, value: -((month - 1) % count), to: tick)!
      }
      if component == .year, count > 1 {
        let year = calendar.component(.year, from: tick)
        tick = calendar.date(byAdding: .year, value: -(year % count), to: tick)!
      }
      var ticks: [Date] = []
      while tick <= end, ticks.count <= max {
        if tick >= start { ticks.append(tick) }
        tick = calendar.date(byAdding: component, value: count, to: tick)!
      }
      if ticks.count <= max {
        if ticks.isEmpty { return ([start], format == "yyyy" ? "yyyy" : "yyyy-MM-dd") }
        return (ticks, format)
      }
      fallback = (Array(ticks.prefix(max)), format)
    }
    return fallback
  }

  /// `value` as its axis label.
  public func label(_ value: Double) -> String {
    String(format: "%.\(decimals)f", value)
  }

  /// `date` as its axis label.
  public func label(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = dateFormat
    return formatter.string(from: date)
  }

  /// Where `value` falls, from 0 (`low`) to 1 (`high`).
  public func position(_ value: Double) -> Double { (value - low) / (high - low) }

  /// Where `date` falls, from 0 (`start`) to 1 (`end`).
  public func position(_ date: Date) -> Double {
    date.timeIntervalSince(start) / end.timeIntervalSince(start)
  }
}
