import SwiftUI
import WorkoutLogDelivery
import WorkoutSession

/// The workout as the store holds it, the finish button, and where the finished log stands.
struct WorkoutRootView: View {
  let model: WorkoutAppModel

  var body: some View {
    NavigationStack {
      List {
        if let session = model.store.session {
          Section(session.title.isEmpty ? session.dayLabel : session.title) {
            ForEach(session.exercises, id: \.exerciseId) { exercise in
              Text(exercise.name)
            }
          }
          if session.started, session.finishedAt == nil {
            Button("Finish workout") { model.finishWorkout() }
          }
        } else {
          Text("No workout in progress.")
        }
        Section("Log") {
          Text(Self.describe(model.courier.delivery.state))
          if model.courier.delivery.unsentLog != nil {
            Button("Send again now") { model.courier.retryNow() }
          }
        }
        ForEach(model.notices + model.inbox.problems, id: \.self) { notice in
          Text(notice).foregroundStyle(.secondary)
        }
      }
      .navigationTitle("Perform")
    }
  }

  /// Where the log stands, in words.
  static func describe(_ state: WorkoutLogDeliveryState) -> String {
    switch state {
    case .idle: "Nothing waiting to be sent."
    case .pending: "Saving the log…"
    case .sending(_, let attempt): "Sending the log (attempt \(attempt))…"
    case .waiting(_, _, let failure, let retryAt):
      "Not sent yet: \(failure.explanation); retrying at "
        + retryAt.formatted(date: .omitted, time: .standard) + "."
    case .refused(_, _, let failure):
      "The server refused the log: \(failure.explanation)."
    case .accepted(_, let logged): "Logged: workout #\(logged.workoutNumber)."
    }
  }
}
