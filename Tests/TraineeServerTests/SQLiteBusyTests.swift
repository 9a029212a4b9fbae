import Foundation
import Testing

@testable import SQLStore
@testable import TraineeData
@testable import TraineeServer

/// A database another process holds past the busy timeout is away for now: 503 with
/// `Retry-After`, never 500 (docs/architecture.md, "The server at scale").
struct SQLiteBusyTests {
  @Test func aWriteThatOutwaitsTheBusyTimeoutIsUnavailableNotAFault() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("busy.sqlite").path
      let holder = try SQLiteDatabase(path: path)
      defer { holder.close() }
      let database = try SQLiteDatabase(
        path: path, options: .init(busyTimeout: .milliseconds(50)))
      let store = try DatabaseTraineeStore(database: database) { Date() }
      let held = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      Thread {
        _ = try? holder.writeTransaction(.readCommitted) { db in
          try db.run("CREATE TABLE IF NOT EXISTS held (x INTEGER)", [])
          held.signal()
          release.wait()
        }
        done.signal()
      }.start()
      held.wait()
      defer {
        release.signal()
        done.wait()
      }
      do {
        _ = try store.createTrainee(name: "Ada")
        Issue.record("the write went through a held database")
      } catch let error as TraineeStoreError {
        guard case .unavailable = error else {
          Issue.record("\(error) is not unavailable")
          return
        }
        #expect(error.response.status == .serviceUnavailable)
        #expect(error.response.headers["Retry-After"] == "1")
      }
    }
  }

  @Test func busyAndLockedCodesAreUnavailable() {
    for code: Int32 in [5, 6, 5 | (1 << 8), 5 | (2 << 8), 6 | (1 << 8)] {
      #expect(SQLiteError.failed(sql: "x", code: code, message: "locked").kind == .unavailable)
    }
    #expect(SQLiteError.failed(sql: "x", code: 1, message: "error").kind == .other)
  }
}
