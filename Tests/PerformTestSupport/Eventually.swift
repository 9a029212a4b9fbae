/// Yields until `condition` holds, at most `limit` times; returns whether it held. For a test
/// waiting on work that a manual clock woke and that runs on another task: no sleeping, no
/// wall-clock timeout, and a bounded loop.
public func eventually(limit: Int = 10_000, _ condition: () async -> Bool) async -> Bool {
  for _ in 0..<limit {
    if await condition() { return true }
    await Task.yield()
  }
  return await condition()
}
