import Foundation
import TraineeData

// NB: docs/decisions/accounts.md, "Limits on guessing": failures of one kind (sign-in, invite
// acceptance, refresh) are counted per login, account or address in the database, so processes on
// one PostgreSQL share them. The first failures are free; each one after waits twice as long as
// the one before, up to a longest wait; a quiet spell forgets them. A refused attempt answers when
// to come back, and the server never sleeps. This is the rule as a value: the store reads a
// subject's record, asks it, and writes what it answers.

/// How many failures one subject (a login, an account, an address) may make before it waits,
/// and how long.
public struct AttemptLimit: Equatable, Sendable {
  /// Failures in a row that cost no wait.
  public var freeFailures: Int
  /// The wait after the first failure past the free ones; each later one doubles it.
  public var firstDelaySeconds: Int
  /// The longest wait: a lockout, not a ban.
  public var longestDelaySeconds: Int
  /// A subject with no failure for this long starts counting from zero again.
  public var forgetAfterSeconds: Int

  public init(
    freeFailures: Int, firstDelaySeconds: Int, longestDelaySeconds: Int, forgetAfterSeconds: Int
  ) {
    self.freeFailures = freeFailures
    self.firstDelaySeconds = firstDelaySeconds
    self.longestDelaySeconds = longestDelaySeconds
    self.forgetAfterSeconds = forgetAfterSeconds
  }

  /// Seconds to wait after `failures` failures in a row: none while they are free, then the
  /// first delay doubled for each failure past it, at most the longest.
  public func delaySeconds(afterFailures failures: Int) -> Int {
    guard failures > freeFailures else { return 0 }
    let doublings = min(failures - freeFailures - 1, 40)
    let (delay, overflow) = firstDelaySeconds.multipliedReportingOverflow(by: 1 << doublings)
    return overflow ? longestDelaySeconds : min(delay, longestDelaySeconds)
  }

  /// Seconds until `record`'s subject may try again at `now` (milliseconds), rounded up; `nil`
  /// when it may try now.
  public func retryAfterSeconds(_ record: AttemptRecord?, now: Int64) -> Int? {
    guard let record, record.blockedUntil > now else { return nil }
    return Int((record.blockedUntil - now + 999) / 1000)
  }

  /// `record` after one more failure at `now`: counted from zero after a quiet spell, and
  /// blocked for this failure's delay.
  public func failing(_ record: AttemptRecord?, now: Int64) -> AttemptRecord {
    let quiet = record.map { now - $0.lastFailureAt >= Int64(forgetAfterSeconds) * 1000 } ?? true
    let failures = (quiet ? 0 : record?.failures ?? 0) + 1
    let blockedUntil = now + Int64(delaySeconds(afterFailures: failures)) * 1000
    return AttemptRecord(
      failures: failures, lastFailureAt: now,
      blockedUntil: max(blockedUntil, quiet ? 0 : record?.blockedUntil ?? 0))
  }
}

/// One subject's failures of one kind, as the database keeps them (times in milliseconds).
public struct AttemptRecord: Equatable, Sendable {
  public var failures: Int
  public var lastFailureAt: Int64
  /// Until when attempts are refused.
  public var blockedUntil: Int64

  public init(failures: Int, lastFailureAt: Int64, blockedUntil: Int64) {
    self.failures = failures
    self.lastFailureAt = lastFailureAt
    self.blockedUntil = blockedUntil
  }
}

/// The limits of each kind of attempt, per login or account and per address.
public struct AttemptLimits: Equatable, Sendable {
  /// Failures of one login (an email, whether or not an account has it) or one account.
  public var perAccount: AttemptLimit
  /// Failures from one client address, whatever it tried.
  public var perAddress: AttemptLimit

  public init(perAccount: AttemptLimit, perAddress: AttemptLimit) {
    self.perAccount = perAccount
    self.perAddress = perAddress
  }
}
