import Foundation
import Testing
import TraineeAPI

@testable import Accounts
@testable import SQLStore
@testable import TraineeData

/// The studio's library, programs with versions and assignments in the store
/// (docs/decisions/the-coachs-programs.md), on both backends.
@Suite struct CoachProgramStoreTests {
  /// A studio with a library of bench (row substitute), row and bike, and two trainees.
  struct Studio {
    let fixture: AccountFixture
    let studio: StudioID
    let bench: LibraryExercise
    let row: LibraryExercise
    let bike: LibraryExercise
    let ada: TraineeID
    let bo: TraineeID

    init(_ backend: StoreBackend) throws {
      fixture = try AccountFixture(backend)
      let (made, _, invite) = try fixture.studioWithInvite()
      studio = made.id
      let store = fixture.trainees
      row = try store.createLibraryExercise(
        LibraryExerciseRequestDto(name: "Seated row", kind: .strength), in: studio)
      bench = try store.createLibraryExercise(
        LibraryExerciseRequestDto(
          name: "Bench press", instructions: "Feet down.", videoUrl: "https://v.example/b",
          equipment: "Barbell", kind: .strength, substitutes: [row.id.description]),
        in: studio)
      bike = try store.createLibraryExercise(
        LibraryExerciseRequestDto(name: "Bike", kind: .cardio), in: studio)
      ada = try Self.trainee(fixture, invite.code, "ada@t.io")
      let second = try fixture.accounts.createInvite(studio: studio, by: nil, validFor: nil)
      bo = try Self.trainee(fixture, second.code, "bo@t.io")
    }

    static func trainee(
      _ fixture: AccountFixture, _ code: String, _ email: String
    ) throws
      -> TraineeID
    {
      let signedIn = try fixture.accounts.acceptInvite(
        code: code, name: "T", email: email, password: AccountFixture.password, device: "phone",
        address: "192.0.2.1")
      return try #require(signedIn.account.trainee)
    }

    /// Day A: bench 3 x 8 at RIR 2, resting 90 s; bike once.
    func document(benchReps: String = "8") -> CoachProgramDocumentDto {
      CoachProgramDocumentDto(
        name: "Push",
        days: [
          CoachProgramDayDto(
            title: "Day A",
            rows: [
              CoachProgramRowDto(
                exerciseId: bench.id.description, sets: 3, reps: benchReps, weight: "60", rir: 2,
                restSeconds: 90),
              CoachProgramRowDto(exerciseId: bike.id.description, sets: 1),
            ])
        ])
    }

    func answerVersion(_ trainee: TraineeID) throws -> Int64 {
      try fixture.trainees.read { db in
        try db.row("SELECT answer_version FROM trainees WHERE id = ?", [trainee.value]) {
          try $0.int64(0)
        }
      }!
    }
  }

  @Test(arguments: StoreBackend.available)
  func aProgramIsRenderedFromTheLibrary(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let made = try world.fixture.trainees.createCoachProgram(world.document(), in: world.studio)
    #expect(made.version == 1)
    #expect(made.document.days[0].id == "d1")
    #expect(made.document.days[0].rows.map(\.id) == ["r1", "r2"])
    let day = try #require(made.plan.days.first)
    #expect(made.plan.id == "program-\(made.program.id)")
    #expect(made.plan.version == 1)
    #expect(day.title == "Day A")
    #expect(day.rirColumn == true)
    let bench = try #require(day.strength.first)
    #expect(bench.name == "Bench press")
    #expect(bench.exerciseId == world.bench.id.description)
    #expect(bench.sets == "3")
    #expect(bench.rest == "1:30")
    #expect(
      bench.setRows
        == (1...3).map { SetRowDto(setNumber: $0, reps: "8", weight: "60", rir: 2) })
    #expect(bench.substitutes.map(\.name) == ["Seated row"])
    #expect(day.cardio.map(\.name) == ["Bike"])
  }

  /// A linked assignee reads every new version; a copy keeps the one assigned; older versions
  /// stay readable; only the linked assignee's kept answers go stale.
  @Test(arguments: StoreBackend.available)
  func anEditReachesALinkedAssigneeAndNotACopy(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let program = try store.createCoachProgram(world.document(), in: world.studio).program.id
    #expect(
      try store.assignCoachProgram(
        program, to: [world.ada], mode: .linked, schedule: .perWeek(3), in: world.studio)
        == .assigned([
          CoachProgramAssignment(
            trainee: world.ada, program: program, mode: .linked, version: 1,
            schedule: .perWeek(3))
        ]))
    guard
      case .assigned = try store.assignCoachProgram(
        program, to: [world.bo], mode: .copy, schedule: nil, in: world.studio)
    else { throw Refused() }
    let before = (try world.answerVersion(world.ada), try world.answerVersion(world.bo))
    let edited = try #require(
      try store.editCoachProgram(program, world.document(benchReps: "5"), in: world.studio))
    #expect(edited.version == 2)
    #expect(try world.answerVersion(world.ada) == before.0 + 1)
    #expect(try world.answerVersion(world.bo) == before.1)
    let adas = try #require(try store.programs(for: world.ada)).plans
    let bos = try #require(try store.programs(for: world.bo)).plans
    #expect(adas.map(\.version) == [2])
    #expect(adas[0].days[0].strength[0].reps == "5")
    #expect(bos.map(\.version) == [1])
    #expect(bos[0].days[0].strength[0].reps == "8")
    let first = try #require(try store.coachProgram(program, version: 1, in: world.studio))
    #expect(first.plan == bos[0])
    #expect(first.program.latestVersion == 2)
    #expect(try store.coachProgram(program, version: 3, in: world.studio) == nil)
  }

  /// Assigning a copy again takes the newest version and the new schedule.
  @Test(arguments: StoreBackend.available)
  func assigningACopyAgainTakesTheNewestVersion(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let program = try store.createCoachProgram(world.document(), in: world.studio).program.id
    _ = try store.assignCoachProgram(
      program, to: [world.bo], mode: .copy, schedule: nil, in: world.studio)
    _ = try store.editCoachProgram(program, world.document(benchReps: "5"), in: world.studio)
    #expect(try store.programs(for: world.bo)?.plans.map(\.version) == [1])
    let again = try store.assignCoachProgram(
      program, to: [world.bo], mode: .copy, schedule: .weekdays([.init(isoWeekday: 1)]),
      in: world.studio)
    #expect(
      again
        == .assigned([
          CoachProgramAssignment(
            trainee: world.bo, program: program, mode: .copy, version: 2,
            schedule: .weekdays([.init(isoWeekday: 1)]))
        ]))
    #expect(try store.programs(for: world.bo)?.plans.map(\.version) == [2])
  }

  /// The imported document stays the trainee's own, beside an assigned program.
  @Test(arguments: StoreBackend.available)
  func anAssignedProgramComesAfterTheImportedOne(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    try store.importPrograms(StoreFixture.programs, for: world.ada)
    let program = try store.createCoachProgram(world.document(), in: world.studio).program.id
    _ = try store.assignCoachProgram(
      program, to: [world.ada], mode: .linked, schedule: nil, in: world.studio)
    let plans = try #require(try store.programs(for: world.ada)).plans
    #expect(plans.map(\.id) == StoreFixture.programs.plans.map(\.id) + ["program-\(program)"])
    #expect(plans.first?.version == nil)
  }

  /// Every id of another studio reads as absent, and writes through it change nothing.
  @Test(arguments: StoreBackend.available)
  func anotherStudiosIdsAreAbsent(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let other = try world.fixture.accounts.createStudio(name: "Other").id
    let program = try store.createCoachProgram(world.document(), in: world.studio)
    let id = program.program.id
    #expect(try store.coachProgram(id, version: nil, in: other) == nil)
    #expect(try store.editCoachProgram(id, world.document(), in: other) == nil)
    #expect(try store.copyCoachProgram(id, name: nil, in: other) == nil)
    #expect(try !store.archiveCoachProgram(id, in: other))
    #expect(
      try store.assignCoachProgram(id, to: [world.ada], mode: .linked, schedule: nil, in: other)
        == .noProgram)
    #expect(try !store.archiveLibraryExercise(world.bench.id, in: other))
    #expect(
      try store.updateLibraryExercise(
        world.bench.id, LibraryExerciseRequestDto(name: "Mine", kind: .cardio), in: other) == nil)
    #expect(try store.libraryExercises(in: other, page: IDPage(limit: 50), archived: true) == [])
    #expect(try store.coachPrograms(in: other, page: IDPage(limit: 50), archived: true) == [])
    // A program of the other studio cannot name this studio's exercises.
    #expect(
      throws: TraineeStoreError.invalid(
        field: "days[0].rows[0].exerciseId", problem: "is not an exercise of the library")
    ) {
      _ = try store.createCoachProgram(world.document(), in: other)
    }
    // Nor can its trainees be given this studio's program, nor this studio's trainees its own.
    let theirs = try store.createCoachProgram(
      CoachProgramDocumentDto(
        name: "Theirs",
        days: [
          CoachProgramDayDto(
            rows: [
              CoachProgramRowDto(
                exerciseId: try store.createLibraryExercise(
                  LibraryExerciseRequestDto(name: "Squat", kind: .strength), in: other
                ).id.description, sets: 1)
            ])
        ]), in: other)
    #expect(
      try store.assignCoachProgram(
        theirs.program.id, to: [world.bo, world.ada], mode: .copy, schedule: nil, in: other)
        == .noTrainee(index: 0))
    #expect(try store.programs(for: world.ada) == nil)
    #expect(try store.programs(for: world.bo) == nil)
    #expect(try store.coachProgram(id, version: nil, in: world.studio) == program)
  }

  /// An archived program leaves the list and cannot be assigned; its copy can.
  @Test(arguments: StoreBackend.available)
  func anArchivedProgramIsNotAssigned(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let id = try store.createCoachProgram(world.document(), in: world.studio).program.id
    #expect(try store.archiveCoachProgram(id, in: world.studio))
    #expect(
      try store.coachPrograms(in: world.studio, page: IDPage(limit: 9), archived: false) == [])
    #expect(
      try store.coachPrograms(in: world.studio, page: IDPage(limit: 9), archived: true).map(\.id)
        == [id])
    #expect(
      try store.assignCoachProgram(
        id, to: [world.ada], mode: .linked, schedule: nil, in: world.studio) == .archived)
    let copy = try #require(try store.copyCoachProgram(id, name: nil, in: world.studio))
    #expect(copy.program.name == "Push (copy)")
    #expect(copy.version == 1)
    guard
      case .assigned = try store.assignCoachProgram(
        copy.program.id, to: [world.ada], mode: .linked, schedule: nil, in: world.studio)
    else { throw Refused() }
  }

  /// A library exercise archived after a version was made stays in that version; a new version
  /// may not name it, and drops it from default substitutes.
  @Test(arguments: StoreBackend.available)
  func anArchivedExerciseStaysInOlderVersionsOnly(_ backend: StoreBackend) throws {
    let world = try Studio(backend)
    let store = world.fixture.trainees
    let made = try store.createCoachProgram(world.document(), in: world.studio)
    #expect(try store.archiveLibraryExercise(world.row.id, in: world.studio))
    let edited = try #require(
      try store.editCoachProgram(made.program.id, world.document(), in: world.studio))
    #expect(edited.plan.days[0].strength[0].substitutes == [])
    #expect(made.plan.days[0].strength[0].substitutes.map(\.name) == ["Seated row"])
    #expect(try store.archiveLibraryExercise(world.bike.id, in: world.studio))
    #expect(
      throws: TraineeStoreError.invalid(
        field: "days[0].rows[1].exerciseId", problem: "is not an exercise of the library")
    ) {
      _ = try store.editCoachProgram(made.program.id, world.document(), in: world.studio)
    }
    #expect(
      try store.coachProgram(made.program.id, version: nil, in: world.studio)?.version == 2)
  }

  struct Refused: Error {}
}
