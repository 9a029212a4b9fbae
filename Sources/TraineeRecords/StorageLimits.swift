import Foundation

// NB: one trainee cannot slow another, nor fill the disk: what a trainee stores is bounded, far
// above what the app ever sends and far below what would make one trainee's reads slow for the
// workers they share. The request body limit (1 MiB) bounds one request; these bound what is
// kept. Each refusal names the limit (413 for a document too large, 422 for a count or a date
// out of range), and nothing is stored. The service turns a limit into its refusal
// (StorageLimits+Refusals.swift); the store only knows the numbers.

/// What one trainee may store.
public enum StorageLimits {
  /// The largest workout log kept, as stored (JSON): a 60-exercise, 10-set log is about 40 KiB.
  public static let logBytes = 256 * 1024
  /// The largest nutrition day snapshot kept: a full day with portions is a few KiB.
  public static let dayBytes = 256 * 1024
  /// The largest `items` of one meal log kept.
  public static let mealLogItemsBytes = 64 * 1024
  /// The most meal logs one date keeps.
  public static let mealLogsPerDate = 50
  /// How far back a nutrition day or a meal log may be dated, in days before today (two years).
  public static let oldestDateDays = 730
}
