import Accounts
import LockedValue
import TraineeData

// NB: docs/decisions/accounts.md, "The routes": the account store is made on the trainee
// store's database at its first use when the routes were given none, since making one costs an
// Argon2id hash (its decoy) that most routers of the tests never need.

/// The account store the routes answer from: the one given, or one made once, at first use, on
/// the trainee store's database with the policy given.
final class AccountStoreSource: Sendable {
  private let made: Locked<(any AccountStore)?>
  private let make: @Sendable () throws -> any AccountStore

  init(given: (any AccountStore)?, store: any TraineeStore, policy: AccountPolicy = .defaults) {
    made = Locked(given)
    make = {
      guard let database = store as? DatabaseTraineeStore else {
        throw TraineeStoreError.storageFailed("the trainee store keeps no accounts")
      }
      return try DatabaseAccountStore(store: database, policy: policy)
    }
  }

  /// The store, made now when it is the first use.
  func store() throws -> any AccountStore {
    try made.withLock { made in
      if let made { return made }
      let store = try make()
      made = store
      return store
    }
  }
}
