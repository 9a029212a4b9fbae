import Foundation
import FuzzEntries

// NB: docs/fuzzing.md. One executable for every target (one link instead of seven, on shared
// cores): `PerformFuzz <target> [libFuzzer options] [corpus dirs]`. Built with `-DFUZZING
// -sanitize=fuzzer,address` it is libFuzzer's driver (started through `LLVMFuzzerRunDriver`,
// since SwiftPM links an executable's entry point itself); built plainly, it runs each file
// given through the target once, to reproduce a finding without the sanitizers.

#if FUZZING
  @_silgen_name("LLVMFuzzerRunDriver")
  private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// The target this process fuzzes; set once, before the driver starts.
  nonisolated(unsafe) private var fuzzedTarget = FuzzTarget.serverRequest
#endif

@main
struct PerformFuzz {
  static func main() {
    let arguments = CommandLine.arguments
    #if FUZZING
      // libFuzzer runs `-merge=1` in a child started with the options it was given, without the
      // target's name: the child finds it here.
      if arguments.count < 2 || FuzzTarget(rawValue: arguments[1]) == nil,
        let name = ProcessInfo.processInfo.environment["PERFORM_FUZZ_TARGET"],
        let target = FuzzTarget(rawValue: name)
      {
        fuzzedTarget = target
        exit(runFuzzer(argc: CommandLine.argc, argv: CommandLine.unsafeArgv))
      }
    #endif
    guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      let usage =
        "usage: PerformFuzz <target> [libFuzzer options] [files or directories]\n"
        + "       PerformFuzz <target> --write-seeds <directory>\ntargets: \(names)\n"
      FileHandle.standardError.write(Data(usage.utf8))
      exit(2)
    }
    if arguments.count == 4, arguments[2] == "--write-seeds" {
      exit(writeSeeds(of: target, into: arguments[3]))
    }
    #if FUZZING
      fuzzedTarget = target
      setenv("PERFORM_FUZZ_TARGET", target.rawValue, 1)
      // libFuzzer reads its options and corpus directories after the program's name.
      let argv = CommandLine.unsafeArgv
      argv[1] = argv[0]
      exit(runFuzzer(argc: CommandLine.argc - 1, argv: argv + 1))
    #else
      var failures: Int32 = 0
      for path in arguments.dropFirst(2) {
        for file in files(at: path) {
          do {
            try target.run(FileManager.default.contents(atPath: file) ?? Data())
          } catch {
            failures += 1
            print("\(file): \(error)")
          }
        }
      }
      exit(failures == 0 ? 0 : 1)
    #endif
  }

  #if FUZZING
    /// Runs libFuzzer's driver on `fuzzedTarget` with the options in `argv`.
    static func runFuzzer(
      argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> CInt {
      var argc = argc
      var argv = argv
      // Runs before LeakSanitizer's own exit check, which was installed before `main`.
      atexit { FuzzTarget.releaseKeptState() }
      return runFuzzerDriver(&argc, &argv) { start, count in
        let input = start.map { Data(bytes: $0, count: count) } ?? Data()
        do {
          try fuzzedTarget.run(input)
        } catch {
          fatalError("\(fuzzedTarget): \(error)")
        }
        return 0
      }
    }
  #endif

  /// Writes the seeds `target` makes with the program's own encoders into `directory`.
  static func writeSeeds(of target: FuzzTarget, into directory: String) -> Int32 {
    let seeds = target.seeds()
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      for (index, seed) in seeds.enumerated() {
        try seed.write(to: URL(fileURLWithPath: directory).appendingPathComponent("seed-\(index)"))
      }
    } catch {
      FileHandle.standardError.write(Data("cannot write seeds: \(error)\n".utf8))
      return 1
    }
    return 0
  }

  /// `path` itself, or the files in it when it is a directory.
  static func files(at path: String) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
      return [path]
    }
    return names.sorted().map { (path as NSString).appendingPathComponent($0) }
  }
}
