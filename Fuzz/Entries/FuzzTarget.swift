import Foundation

// NB: docs/fuzzing.md. Each target is one decoder of outside input driven the way the program
// drives it (the router, the file readers), so a crash found here is a crash a client or a file
// could cause. An entry returns normally for every input, refused or accepted; a broken promise
// that is not a crash (a 5xx answer, a non-JSON body) is thrown as a `FuzzFinding`, which the
// libFuzzer driver turns into a crash and the corpus tests into a failed expectation.

/// The decoders of outside input that are fuzzed, by the name the driver and the corpus
/// directories use.
public enum FuzzTarget: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Every body-taking route of the trainee API with the input as its body, and the input as
  /// a request target (path and query) of a `GET` and a `DELETE`.
  case serverRequest = "server-request"
  /// A request's head (`METHOD TARGET`, then `Name: value` lines): the route, its admission,
  /// the client behind a trusted proxy and the metric labels it leaves.
  case requestHead = "request-head"
  /// `perform replay` scripts (`ReplayScript(json:)`), then their actions on the engine.
  case workoutReplay = "workout-replay"
  /// `perform nutrition-replay` scripts (`NutritionReplayScript(json:)`).
  case nutritionReplay = "nutrition-replay"
  /// One file of the Live Activity's pending-command queue, drained into a live workout.
  case pendingCommand = "pending-command"
  /// The crash-recovery snapshot and journal of the live workout, restored.
  case sessionJournal = "session-journal"
  /// The preferred nutrition day file, loaded.
  case preferredDay = "preferred-day"
  /// The terminal app's nutrition edits file, loaded into the edit maps.
  case nutritionEdits = "nutrition-edits"
  /// A `perform serve` quota option's value (`RECORDS/SIZE`, `PER_HOUR/BURST`).
  case quotaOption = "quota-option"
  /// A token file (`--metrics-token-file`, `--token-file`) with its mode, read and checked as a
  /// metrics token.
  case tokenFile = "token-file"
  /// An email address as a login (`EmailAddress.normalised`).
  case emailAddress = "email-address"
  /// Every body-taking route of the accounts (signing in, invites, studios, accounts), with a
  /// token of the role it admits.
  case accountRequest = "account-request"
  /// The signed-in session kept in the data directory (`session.json`), loaded and kept again.
  case keptSession = "kept-session"

  public var description: String { rawValue }

  /// Runs one input through the target's decoder. Returns for every input the program must
  /// survive; throws what the program answered that it must never answer.
  public func run(_ input: Data) throws(FuzzFinding) {
    switch self {
    case .serverRequest: try ServerRequestEntry.run(input)
    case .requestHead: try RequestHeadEntry.run(input)
    case .workoutReplay: WorkoutReplayEntry.run(input)
    case .nutritionReplay: NutritionReplayEntry.run(input)
    case .pendingCommand: try PendingCommandEntry.run(input)
    case .sessionJournal: try SessionJournalEntry.run(input)
    case .preferredDay: try PreferredDayEntry.run(input)
    case .nutritionEdits: try NutritionEditsEntry.run(input)
    case .quotaOption: try QuotaOptionEntry.run(input)
    case .tokenFile: try TokenFileEntry.run(input)
    case .emailAddress: try EmailAddressEntry.run(input)
    case .accountRequest: try AccountRequestEntry.run(input)
    case .keptSession: try KeptSessionEntry.run(input)
    }
  }

  /// Lets go of what the targets keep between inputs (the servers' stores, routers and answer
  /// caches), so that it is freed before LeakSanitizer's check at exit.
  ///
  /// LeakSanitizer finds a live block by a pointer to it in scanned memory. Swift keeps the
  /// case of a multi-payload enum in a pointer's spare bits, and `Data` is such an enum: the
  /// storage of a `Data` kept in the answer cache is held only by a word like
  /// `0x4000_55db_3887_4df0`, which the scan does not take for a pointer, so at exit every
  /// kept answer was reported as a direct leak (docs/fuzzing.md). Freed here, a block still
  /// reported is one that nothing frees: a real leak.
  public static func releaseKeptState() {
    FuzzedServer.release()
    FuzzedAccountServer.release()
  }

  /// Inputs made with the program's own encoders, for seeding a corpus where no fixture holds
  /// them; most targets are seeded from fixture files instead (`Fuzz/seed-corpora.sh`).
  public func seeds() -> [Data] {
    switch self {
    case .pendingCommand: PendingCommandEntry.seeds()
    default: []
    }
  }
}

/// Something an input made the program do that it promises never to do, other than crashing.
public struct FuzzFinding: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, with enough of the answer to reproduce it.
  public var problem: String

  public init(_ problem: String) {
    self.problem = problem
  }

  public var description: String { problem }
}
