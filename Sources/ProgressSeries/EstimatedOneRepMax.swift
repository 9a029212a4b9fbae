// NB: docs/behaviour.md "The live workout" (records): Epley's estimate, the one the engine's
// records, the progress charts, and the coach's records and series all use.

/// Epley's estimated one-rep max: weight x (1 + reps / 30).
public func estimatedOneRepMax(weight: Double, reps: Int) -> Double {
  weight * (1 + Double(reps) / 30)
}
