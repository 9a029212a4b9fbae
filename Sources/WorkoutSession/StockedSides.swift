// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups", plate stocks: with
// sizes the trainee counted, the plates per side are a bounded choice: a dynamic programme size by
// size, keeping for each per-side amount the fewest plates and how many of the size it took, so the
// plates come back out for the amount chosen. A counted size takes at most its pairs; any other as
// many as needed.

/// For each per-side amount up to a limit (hundredths of the unit), whether the plates can make
/// it with at most the counted pairs of each counted size, and with which plates (the fewest).
struct StockedSides {
  /// The sizes, lightest first.
  private let sizes: [Int]
  /// For each size in turn, how many of it the best way to each amount takes.
  private let taken: [[Int32]]
  /// The amounts the plates make, ascending.
  let reachable: [Int]

  /// The table for amounts up to `limit` from `sizes`, `caps[size]` pairs at most of a counted
  /// size.
  init(upTo limit: Int, sizes: [Int], caps: [Int: Int]) {
    let limit = max(0, limit)
    let unreachable = Int.max
    var fewest = [Int](repeating: unreachable, count: limit + 1)
    fewest[0] = 0
    var taken: [[Int32]] = []
    // Lightest first, a heavier size taken on a tie: of two ways with as few plates, the one
    // with the heavier plates (as the unlimited search chooses).
    let order = Array(sizes.sorted())
    for size in order {
      var current = fewest
      var counts = [Int32](repeating: 0, count: limit + 1)
      if let cap = caps[size] {
        for amount in 0...limit {
          for count in stride(from: 1, through: min(cap, amount / size), by: 1) {
            let rest = fewest[amount - count * size]
            if rest != unreachable, rest + count <= current[amount] {
              current[amount] = rest + count
              counts[amount] = Int32(count)
            }
          }
        }
      } else if size <= limit {
        for amount in size...limit {
          let rest = current[amount - size]
          if rest != unreachable, rest + 1 <= current[amount] {
            current[amount] = rest + 1
            counts[amount] = counts[amount - size] + 1
          }
        }
      }
      fewest = current
      taken.append(counts)
    }
    self.sizes = order
    self.taken = taken
    reachable = fewest.indices.filter { fewest[$0] != unreachable }
  }

  /// The plates on one side making `amount` (one of `reachable`), in hundredths.
  func plates(for amount: Int) -> [Int] {
    var plates: [Int] = []
    var rest = amount
    for index in sizes.indices.reversed() where rest > 0 {
      let count = Int(taken[index][rest])
      plates += Array(repeating: sizes[index], count: count)
      rest -= count * sizes[index]
    }
    return plates
  }
}
