import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-programs.md, "The exercise library": every query names the
// studio first, so an exercise of another studio reads as absent; a substitute must be another
// exercise of the same studio. Archiving keeps the row: programs made before still name it, and
// new versions may not.

extension DatabaseTraineeStore {
  /// The longest instructions, in characters.
  public static let longestInstructions = 4000

  /// Adds `exercise` to `studio`'s library.
  public func createLibraryExercise(
    _ exercise: LibraryExerciseRequestDto, in studio: StudioID
  ) throws -> LibraryExercise {
    let at = now().milliseconds
    return try write(nil) { db in
      let checked = try Self.checked(exercise, in: studio, except: nil, db)
      let id = try insertWithNewID(
        [
          "studio_id": studio.value, "name": .text(checked.name),
          "instructions": DatabaseValue(checked.instructions),
          "video_url": DatabaseValue(checked.videoUrl),
          "equipment": DatabaseValue(checked.equipment), "kind": .text(checked.kind.rawValue),
          "substitutes": .text(try Self.json(checked.substitutes ?? [])),
          "created_at": .integer(at), "updated_at": .integer(at),
        ], into: "library_exercises", db)
      return try Self.libraryExercise(LibraryExerciseID(rawValue: id), in: studio, db)!
    }
  }

  /// Replaces what `studio`'s exercise `id` says; `nil` when the studio has no such exercise.
  public func updateLibraryExercise(
    _ id: LibraryExerciseID, _ exercise: LibraryExerciseRequestDto, in studio: StudioID
  ) throws -> LibraryExercise? {
    let at = now().milliseconds
    return try write(nil) { db in
      guard try Self.libraryExercise(id, in: studio, db) != nil else { return nil }
      let checked = try Self.checked(exercise, in: studio, except: id, db)
      _ = try db.run(
        """
        UPDATE library_exercises SET name = ?, instructions = ?, video_url = ?, equipment = ?,
          kind = ?, substitutes = ?, updated_at = ? WHERE studio_id = ? AND id = ?
        """,
        [
          .text(checked.name), DatabaseValue(checked.instructions),
          DatabaseValue(checked.videoUrl), DatabaseValue(checked.equipment),
          .text(checked.kind.rawValue), .text(try Self.json(checked.substitutes ?? [])),
          .integer(at), studio.value, .integer(id.rawValue),
        ])
      return try Self.libraryExercise(id, in: studio, db)
    }
  }

  /// Archives `studio`'s exercise `id` (again is no change); `false` when the studio has none.
  public func archiveLibraryExercise(_ id: LibraryExerciseID, in studio: StudioID) throws -> Bool {
    let at = now().milliseconds
    return try write(nil) { db in
      try db.run(
        """
        UPDATE library_exercises SET archived = 1, updated_at = ? WHERE studio_id = ? AND id = ?
        """, [.integer(at), studio.value, .integer(id.rawValue)])
    } == 1
  }

  /// `studio`'s exercise `id`, archived or not; `nil` when the studio has none.
  public func libraryExercise(
    _ id: LibraryExerciseID, in studio: StudioID
  ) throws -> LibraryExercise? {
    try read { db in try Self.libraryExercise(id, in: studio, db) }
  }

  /// A page of `studio`'s library by id; archived exercises only when `archived`.
  public func libraryExercises(
    in studio: StudioID, page: IDPage, archived: Bool
  ) throws -> [LibraryExercise] {
    try read { db in
      try db.rows(
        """
        SELECT \(Self.libraryColumns) FROM library_exercises
        WHERE studio_id = ? AND id > ? AND (archived = 0 OR ? = 1)
        ORDER BY id LIMIT ?
        """,
        [studio.value, .integer(page.after), DatabaseValue(archived), DatabaseValue(page.limit)],
        Self.libraryExercise(row:))
    }
  }

  // MARK: Rows

  static let libraryColumns =
    "id, studio_id, name, instructions, video_url, equipment, kind, substitutes, archived"

  static func libraryExercise(
    _ id: LibraryExerciseID, in studio: StudioID, _ db: any DatabaseConnection
  ) throws -> LibraryExercise? {
    try db.row(
      "SELECT \(libraryColumns) FROM library_exercises WHERE studio_id = ? AND id = ?",
      [studio.value, .integer(id.rawValue)], libraryExercise(row:))
  }

  static func libraryExercise(row: any DatabaseRow) throws -> LibraryExercise {
    let substitutes = try decode([String].self, try row.string(7), "library substitutes")
    return LibraryExercise(
      id: LibraryExerciseID(rawValue: try row.int64(0)),
      studio: StudioID(rawValue: try row.int64(1)), name: try row.string(2),
      instructions: try row.text(3), videoURL: try row.text(4), equipment: try row.text(5),
      kind: LibraryExerciseKind(rawValue: try row.string(6)) ?? .strength,
      substitutes: substitutes.compactMap(LibraryExerciseID.init), archived: try row.int64(8) != 0)
  }

  /// `exercise` trimmed and checked, each substitute another exercise of `studio` (not
  /// `except`, the exercise itself); throws `invalid` naming the field.
  static func checked(
    _ exercise: LibraryExerciseRequestDto, in studio: StudioID, except: LibraryExerciseID?,
    _ db: any DatabaseConnection
  ) throws -> LibraryExerciseRequestDto {
    var exercise = exercise
    exercise.name = try CoachProgramPlan.name(exercise.name, "name")
    if let equipment = exercise.equipment {
      exercise.equipment = try CoachProgramPlan.name(equipment, "equipment")
    }
    if let instructions = exercise.instructions, instructions.count > longestInstructions {
      throw TraineeStoreError.invalid(
        field: "instructions", problem: "must be at most \(longestInstructions) characters")
    }
    if let url = exercise.videoUrl {
      guard url.count <= 2000, let parsed = URL(string: url),
        ["https", "http"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil
      else {
        throw TraineeStoreError.invalid(
          field: "videoUrl", problem: "must be an http or https URL of at most 2000 characters")
      }
    }
    let substitutes = exercise.substitutes ?? []
    guard substitutes.count <= 20 else {
      throw TraineeStoreError.invalid(field: "substitutes", problem: "must hold at most 20")
    }
    for (index, text) in substitutes.enumerated() {
      guard let id = LibraryExerciseID(text), id != except, !substitutes[..<index].contains(text),
        try libraryExercise(id, in: studio, db) != nil
      else {
        throw TraineeStoreError.invalid(
          field: "substitutes[\(index)]", problem: "is not another exercise of the library")
      }
    }
    return exercise
  }
}
