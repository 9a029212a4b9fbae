import DurableFiles
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What Perform creates is its owner's alone, and what is looser is repaired and reported
/// (docs/security.md, "Files other local users could read").
@Suite(.serialized) struct OwnerOnlyFilesTests {
  static func mode(_ url: URL) -> mode_t {
    var info = stat()
    return lstat(url.path, &info) == 0 ? info.st_mode & 0o7777 : 0
  }

  /// Runs `body` in a scratch directory with the usual umask 022.
  static func withScratch(_ body: (ScratchDirectory) throws -> Void) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let previous = umask(0o022)
    defer { umask(previous) }
    try body(scratch)
  }

  @Test func filesAndDirectoriesAreCreatedForTheirOwnerAlone() throws {
    try Self.withScratch { scratch in
      try DurableFile.atomicWrite(Data("x".utf8), to: scratch.file("whole.json"))
      #expect(Self.mode(scratch.file("whole.json")) == 0o600)
      let appended = try AppendOnlyFile(path: scratch.file("journal").path)
      appended.close()
      #expect(Self.mode(scratch.file("journal")) == 0o600)
      let lock = try DirectoryLock(scratch.url)
      lock.release()
      #expect(Self.mode(scratch.file(".lock")) == 0o600)
      let nested = scratch.file("a/b")
      try OwnerOnlyFiles.createDirectory(nested)
      #expect(Self.mode(nested) == 0o700)
      #expect(Self.mode(scratch.file("a")) == 0o700)
      let copies = AnswerCopies(directory: scratch.file("copies"))
      try copies.save(AnswerCopy(body: Data("{}".utf8), fetchedAt: Date()), for: "home")
      #expect(Self.mode(scratch.file("copies")) == 0o700)
      #expect(Self.mode(copies.url(of: "home")) == 0o600)
    }
  }

  @Test func looserModesAreRepairedAndReportedWithTheirOldMode() throws {
    try Self.withScratch { scratch in
      let folder = scratch.file("folder")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent("perform.sqlite")
      let script = folder.appendingPathComponent("tool")
      let privateFile = folder.appendingPathComponent("private")
      for url in [file, script, privateFile] {
        FileManager.default.createFile(atPath: url.path, contents: Data())
      }
      chmod(folder.path, 0o755)
      chmod(file.path, 0o664)
      chmod(script.path, 0o755)
      chmod(privateFile.path, 0o600)
      let elsewhere = scratch.file("elsewhere")
      FileManager.default.createFile(atPath: elsewhere.path, contents: Data())
      chmod(elsewhere.path, 0o644)
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent("link"), withDestinationURL: elsewhere)

      let repaired = OwnerOnlyFiles.repair(folder, recursive: true)
      #expect(
        repaired == [
          LooseMode(path: folder.path, before: 0o755, after: 0o700),
          LooseMode(path: file.path, before: 0o664, after: 0o600),
          LooseMode(path: script.path, before: 0o755, after: 0o700),
        ])
      #expect(
        repaired.first?.description
          == "\(folder.path) was mode 0755, open to other users; it is now 0700")
      #expect(Self.mode(privateFile) == 0o600)
      // A link is not followed: what it points to keeps its mode.
      #expect(Self.mode(elsewhere) == 0o644)
      #expect(OwnerOnlyFiles.repair(folder, recursive: true).isEmpty)
    }
  }

  @Test func withoutRecursionOnlyThePathItselfIsRepaired() throws {
    try Self.withScratch { scratch in
      let inside = scratch.file("inside")
      FileManager.default.createFile(atPath: inside.path, contents: Data())
      chmod(inside.path, 0o644)
      chmod(scratch.url.path, 0o755)
      #expect(OwnerOnlyFiles.repair(scratch.url).map(\.path) == [scratch.url.path])
      #expect(Self.mode(inside) == 0o644)
      #expect(OwnerOnlyFiles.repair(scratch.file("missing")).isEmpty)
    }
  }
}
