import ActivityKit
import LiveActivity
import SwiftUI
import WidgetKit

// NB: docs/specs/live-activity.md, "Surfaces": iOS picks the surface. Every string is
// prepared by the LiveActivity module; this file only places them. The minimal circle shows the
// numbers, not an icon, because it may be the only place the set appears.

/// The workout Live Activity: the Lock Screen card and the Dynamic Island.
struct WorkoutLiveActivityWidget: Widget {
  var body: some WidgetConfiguration {
    ActivityConfiguration(for: WorkoutActivityAttributes.self) { context in
      LockScreenCard(content: context.state)
        .activityBackgroundTint(Color.black.opacity(0.75))
        .activitySystemActionForegroundColor(.white)
        .widgetURL(SharedContainer.workoutURL)
    } dynamicIsland: { context in
      let content = context.state
      let text = content.surfaces.expanded
      return DynamicIsland {
        DynamicIslandExpandedRegion(.leading) {
          Text(text.leading).font(.headline).lineLimit(1)
        }
        DynamicIslandExpandedRegion(.trailing) {
          Text(text.trailing).font(.subheadline).foregroundStyle(.secondary).lineLimit(1)
        }
        DynamicIslandExpandedRegion(.center) {
          Text(text.center).font(.caption).foregroundStyle(.secondary).lineLimit(1)
        }
        DynamicIslandExpandedRegion(.bottom) {
          VStack(spacing: 8) {
            SetRow(content: content, line: text.bottom)
            if let rest = content.rest {
              RestRow(
                rest: rest, version: content.version,
                workoutStartedAt: content.workoutStartedAt)
            }
          }
        }
      } compactLeading: {
        Text(content.surfaces.compactLeading).font(.caption.weight(.semibold))
      } compactTrailing: {
        if let rest = content.rest {
          RestClockField(rest: rest).font(.caption.weight(.semibold)).frame(maxWidth: 56)
        } else {
          Text(content.surfaces.compactTrailing).font(.caption.weight(.semibold)).lineLimit(1)
        }
      } minimal: {
        Text(content.surfaces.minimal).font(.caption2.weight(.semibold))
          .minimumScaleFactor(0.5).lineLimit(1)
      }
      .widgetURL(SharedContainer.workoutURL)
    }
  }
}

/// The widget extension's entry point.
@main
struct PerformWidgetBundle: WidgetBundle {
  var body: some Widget {
    WorkoutLiveActivityWidget()
  }
}
