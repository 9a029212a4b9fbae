import Accounts
import Foundation
import HTTPServer
import JSONWire
import PasswordHashing
import Synchronization
import TraineeAPI
import TraineeData
import TraineeServer

// NB: docs/fuzzing.md, "Targets": the bodies of the accounts' routes (issue 32), each read by the
// server's decoder beside Foundation's, then sent to its route with a token of the role the route
// admits, on a store holding a studio, its coach, a trainee who joined by invite and an
// operator. `server-request` reaches none of these bodies: it sends its input to the trainee
// routes' bodies only, and with the demo trainee's token, which no coach or operator route admits.

/// Every body-taking route of the accounts, with the input as its body.
enum AccountRequestEntry {
  /// The accounts' routes that read a body, by the endpoint table's name, with the role whose
  /// token is sent (`nil`: the route reads its body before any token).
  static let bodyRoutes: [(name: String, role: AccountRole?)] = [
    ("signIn", nil), ("refreshSession", nil), ("acceptInvite", nil),
    ("changePassword", .trainee), ("joinStudio", .trainee), ("switchStudio", .trainee),
    ("deleteAccount", .trainee), ("setStudioSharing", .trainee),
    ("createInvite", .coach), ("createStudio", .operator), ("createStudioInvite", .operator),
    ("createAccount", .operator), ("createLibraryExercise", .coach),
    ("updateLibraryExercise", .coach), ("createCoachProgram", .coach),
    ("editCoachProgram", .coach), ("copyCoachProgram", .coach), ("assignCoachProgram", .coach),
    ("reviewWorkout", .coach), ("giveVideoFeedback", .coach), ("writeCoachNotes", .coach),
    ("setNutritionTolerance", .coach),
    ("createCoachMealPlan", .coach), ("editCoachMealPlan", .coach),
    ("copyCoachMealPlan", .coach), ("assignCoachMealPlan", .coach),
    ("setStudioNotificationConfig", .coach), ("setNotificationOverride", .coach),
  ]

  /// `bodyRoutes` as the endpoint table has them, read once (the table is listed by reflection).
  static let endpoints: [(endpoint: EndpointEntry, role: AccountRole?)] = bodyRoutes.map {
    route in
    guard let endpoint = TraineeEndpoints.table.all.first(where: { $0.name == route.name }) else {
      preconditionFailure("the endpoint table has no \(route.name)")
    }
    return (endpoint, route.role)
  }

  static func run(_ input: Data) throws(FuzzFinding) {
    let server = FuzzedAccountServer.next()
    // The server's decoder of each body beside Foundation's, as `server-request` compares them.
    if let tree = try? StrictJSON.parse(input) {
      try ServerRequestEntry.sameOutcome(SignInRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(RefreshRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(AcceptInviteRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(ChangePasswordRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(JoinStudioRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(SwitchStudioRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(DeleteAccountRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(CreateInviteRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(CreateStudioRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(CreateAccountRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(StudioSharingRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(LibraryExerciseRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(CoachProgramDocumentDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(CopyProgramRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(AssignProgramRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(WorkoutReviewRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(VideoFeedbackRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(CoachNotesRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(CoachMealPlanDocumentDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(AssignMealPlanRequestDto.self, input, tree)
      try ServerRequestEntry.sameOutcome(NotificationConfigRequestDto.self, input, tree)
    }
    for (endpoint, role) in endpoints {
      guard let path = endpoint.path.filled(server.pathIds) else {
        preconditionFailure("\(endpoint.name) has a parameter besides \(server.pathIds.keys)")
      }
      var headers: HTTPHeaders = ["X-Timezone": "Europe/Berlin"]
      if let role { headers["Authorization"] = "Bearer \(server.tokens[role] ?? "")" }
      var request = HTTPRequest(
        method: HTTPMethod(rawValue: endpoint.method.rawValue), path: path, headers: headers,
        body: input)
      request.clientAddress = "192.0.2.10"
      try ServerRequestEntry.check(server.router.serverAnswer(to: request), to: request)
    }
  }
}

/// A store with accounts of every role and a router on them, replaced by a fresh one every
/// `FuzzedServer.inputsPerStore` inputs (accepted bodies add studios, invites and accounts).
struct FuzzedAccountServer: Sendable {
  private static let current = Mutex<(inputs: Int, server: FuzzedAccountServer?)>((0, nil))

  /// The policy of the accounts, at a cheap Argon2id cost: every accepted sign-in and new
  /// account hashes, and the cost of a hash is not what is fuzzed.
  static let policy: AccountPolicy = {
    var policy = AccountPolicy.defaults
    policy.passwordHashing = Argon2id(memoryKiB: 64, iterations: 1, parallelism: 1)
    return policy
  }()

  /// Lets the current server go (`FuzzTarget.releaseKeptState()`).
  static func release() {
    current.withLock { $0 = (0, nil) }
  }

  /// The server for the next input.
  static func next() -> FuzzedAccountServer {
    current.withLock { current in
      current.inputs += 1
      if current.inputs > FuzzedServer.inputsPerStore || current.server == nil {
        current = (1, FuzzedAccountServer())
      }
      return current.server!
    }
  }

  let router: Router
  /// An access token of each role: the coach's of `studio`, a trainee's who joined it.
  let tokens: [AccountRole: String]
  /// The coach's studio.
  let studio: String
  /// The ids a path may name: the studio, the trainee, the trainee's log and video there, an
  /// exercise of the studio's library and a program of the studio made from it, and a meal plan
  /// of the studio.
  let pathIds: [String: String]

  private init() {
    do {
      let store = try DatabaseTraineeStore(path: ":memory:", now: { FuzzedServer.now })
      let accounts = try DatabaseAccountStore(store: store, policy: Self.policy)
      let password = "correct horse battery"
      let studio = try accounts.createStudio(name: "Iron Temple")
      _ = try accounts.createAccount(
        role: .coach, name: "Coach Carter", email: "carter@example.com", password: password,
        studio: studio.id)
      _ = try accounts.createAccount(
        role: .operator, name: "Olive Operator", email: "olive@example.com", password: password,
        studio: nil)
      let invite = try accounts.createInvite(studio: studio.id, by: nil, validFor: nil)
      let trainee = try accounts.acceptInvite(
        code: invite.code, name: "Tess Trainee", email: "tess@example.com", password: password,
        device: "phone", address: "192.0.2.1")
      var tokens = [AccountRole.trainee: trainee.tokens.accessToken]
      for (role, email) in [(AccountRole.coach, "carter@"), (.operator, "olive@")] {
        tokens[role] =
          try accounts.signIn(
            email: email + "example.com", password: password, device: "laptop",
            address: "192.0.2.1"
          ).tokens.accessToken
      }
      self.tokens = tokens
      self.studio = studio.id.description
      let exercise = try store.createLibraryExercise(
        LibraryExerciseRequestDto(name: "Squat", kind: .strength), in: studio.id)
      let program = try store.createCoachProgram(
        CoachProgramDocumentDto(
          name: "Legs",
          days: [
            CoachProgramDayDto(
              rows: [CoachProgramRowDto(exerciseId: exercise.id.description, sets: 3)])
          ]), in: studio.id
      ).program
      let mealPlan = try store.createCoachMealPlan(
        CoachMealPlanDocumentDto(
          name: "Lean",
          days: [
            NutritionPlanDayDto(
              id: "d1",
              meals: [
                NutritionMealDto(
                  id: "m1", name: "Breakfast",
                  items: [
                    NutritionItemDto(
                      id: "i1", options: [NutritionOptionDto(id: "o1", name: "Oats")])
                  ])
              ])
          ]), in: studio.id
      ).mealPlan
      let traineeID = trainee.account.trainee!
      let set = StrengthLogSet(
        setNumber: 1, reps: 5, targetReps: nil, weight: 60, rir: nil, rm: nil, done: true)
      let log = try store.logWorkout(
        LogWorkoutPayload(
          programId: nil, dayId: nil, label: "A", durationSec: nil, completed: true,
          entries: [
            LogEntry(
              exerciseId: "bench", name: "Bench", done: true, tempo: nil, sets: [.strength(set)])
          ]),
        idempotencyKey: nil, loggedAt: nil, studio: studio.id, timeZone: nil, for: traineeID)
      let video = try store.addTechniqueVideo(
        url: "https://v.example/1", exerciseId: "bench", studio: studio.id, for: traineeID)
      pathIds = [
        "studioId": studio.id.description, "traineeId": traineeID.description,
        "workoutId": log.id.description, "videoId": video.id.description,
        "exerciseId": exercise.id.description, "programId": program.id.description,
        "mealPlanId": mealPlan.id.description,
        "type": "REST_TIMER",
      ]
      router = TraineeAPIRoutes(store: store, now: { FuzzedServer.now }, accounts: accounts)
        .router()
    } catch {
      preconditionFailure("cannot set up the fuzzed accounts: \(error)")
    }
  }
}
