import LiveActivity
import SwiftUI
import WidgetKit

// NB: docs/specs/live-activity.md, "The rest on the card": a Live Activity cannot change its own
// text or colour while the app sleeps, so both clocks and the red backdrop are views the system
// draws and animates from the content's absolute dates. No update is sent at zero.

/// The Lock Screen card: header, exercise and position, the set, and the rest row.
struct LockScreenCard: View {
  var content: WorkoutActivityContent

  var body: some View {
    let text = content.surfaces.lockScreen
    VStack(alignment: .leading, spacing: 6) {
      HStack {
        Image(systemName: "dumbbell.fill").foregroundStyle(.tint)
        Text(text.header).font(.subheadline.weight(.semibold)).lineLimit(1)
        Spacer()
        WorkoutClock(startedAt: content.workoutStartedAt).font(.subheadline)
      }
      HStack {
        Text(text.title).font(.headline).lineLimit(1)
        Spacer()
        Text(text.trailing).font(.subheadline).foregroundStyle(.secondary).lineLimit(1)
      }
      SetRow(content: content, line: text.detail)
      if let rest = content.rest {
        RestRow(rest: rest, version: content.version, workoutStartedAt: content.workoutStartedAt)
      }
    }
    .padding()
  }
}

/// The workout clock, counting up from the start by itself.
struct WorkoutClock: View {
  var startedAt: Date

  var body: some View {
    // The card is removed 12 hours after it starts; the clock never needs to run longer.
    Text(
      timerInterval:
        startedAt...startedAt.addingTimeInterval(WorkoutActivityController.removedAfter),
      countsDown: false
    )
    .monospacedDigit()
    .multilineTextAlignment(.trailing)
  }
}

/// The badge, the set line and the checkmark; or the primary action when no set is left.
struct SetRow: View {
  var content: WorkoutActivityContent
  var line: String

  var body: some View {
    if let set = content.currentSet {
      HStack {
        if let badge = set.badge {
          Text(badge.letter).font(.caption.weight(.bold)).foregroundStyle(.white)
            .frame(width: 22, height: 22)
            .background(Color(hex: badge.colorHex), in: RoundedRectangle(cornerRadius: 5))
        }
        Text(line).lineLimit(1).minimumScaleFactor(0.8)
        Spacer()
        Checkmark(content: content, state: set.checkmark)
      }
    } else if let action = content.primaryAction {
      Link(destination: SharedContainer.workoutURL) {
        Text(action.title).font(.subheadline.weight(.semibold)).frame(maxWidth: .infinity)
          .padding(.vertical, 6).background(.tint, in: Capsule())
      }
    }
  }
}

/// The checkmark: completes the set from the card, or, inert and grey, opens the app.
struct Checkmark: View {
  var content: WorkoutActivityContent
  var state: CheckmarkState

  var body: some View {
    switch state {
    case .enabled:
      Button(intent: CompleteSetIntent(content: content)) {
        Image(systemName: "checkmark.circle.fill").font(.title2).foregroundStyle(.green)
      }
      .buttonStyle(.plain)
    case .opensApp:
      Link(destination: SharedContainer.workoutURL) {
        Image(systemName: "checkmark.circle").font(.title2).foregroundStyle(.secondary)
      }
    }
  }
}

/// `-15s`, the rest clock, `+15s`, `Skip`.
struct RestRow: View {
  var rest: CardRest
  var version: Int
  /// The workout's start the card shows: the commands carry it, so a tap on an earlier
  /// workout's card is refused.
  var workoutStartedAt: Date

  var body: some View {
    HStack(spacing: 6) {
      Text(rest.title).font(.caption).foregroundStyle(.secondary).lineLimit(1)
      Spacer(minLength: 4)
      Button(
        rest.decreaseLabel,
        intent: AdjustRestIntent(
          rest: rest, by: -rest.stepSeconds, version: version,
          workoutStartedAt: workoutStartedAt))
      RestClockField(rest: rest).font(.title3.weight(.bold)).frame(width: 76, height: 32)
      Button(
        rest.increaseLabel,
        intent: AdjustRestIntent(
          rest: rest, by: rest.stepSeconds, version: version, workoutStartedAt: workoutStartedAt))
      Button(
        rest.skipLabel,
        intent: SkipRestIntent(rest: rest, version: version, workoutStartedAt: workoutStartedAt))
    }
    .font(.caption.weight(.semibold))
    .buttonStyle(.bordered)
  }
}

/// The rest clock on its field: counts down to the end, then up; the field is red from the end.
struct RestClockField: View {
  var rest: CardRest

  var body: some View {
    // NB: `Text(timerInterval:)` runs one way only and stops at its bound, so the rest clock is
    // `Text(_:style: .timer)`, the same system timer, which counts down to the date and then up
    // from it without an update. The workout clock above is a plain `Text(timerInterval:)`.
    Text(rest.endsAt, style: .timer)
      .monospacedDigit()
      .multilineTextAlignment(.center)
      .foregroundStyle(.white)
      .padding(.horizontal, 4)
      .background { OverdueBackdrop(endsAt: rest.endsAt) }
      .clipShape(RoundedRectangle(cornerRadius: 8))
  }
}

/// The rest field's backdrop: the neutral track until `endsAt`, solid red from `endsAt` on.
struct OverdueBackdrop: View {
  var endsAt: Date

  var body: some View {
    // NB: the flip trick. A `ProgressView(timerInterval:)` is drawn and animated by the system,
    // even while the app sleeps. Over an interval one millisecond long that ends at `endsAt` its
    // bar is empty (the grey track shows) before the end and full (red) from the end on: a
    // colour change exactly on time with no update. Stretched to cover the field, its bar is
    // the backdrop; its label and current-value label are hidden.
    ProgressView(
      timerInterval: endsAt.addingTimeInterval(-0.001)...endsAt, countsDown: false,
      label: { EmptyView() }, currentValueLabel: { EmptyView() }
    )
    .progressViewStyle(.linear)
    .tint(.red)
    .labelsHidden()
    .scaleEffect(x: 1, y: 40, anchor: .center)
  }
}

extension Color {
  /// A `#RRGGBB` colour as the content resolved it; grey for anything else.
  init(hex: String) {
    let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else {
      self = .gray
      return
    }
    self.init(
      red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
      blue: Double(value & 0xFF) / 255)
  }
}
