import Accounts
import DurableFiles
import Foundation
import TraineeData
import TraineeServer

#if canImport(Glibc)
  import Glibc
#endif

// NB: docs/fuzzing.md, "Targets": what an operator or a person signing up types, read by the
// functions `perform serve` and the accounts store call. Each reader either refuses or gives a
// value that keeps its promises; a value outside them is a finding.

/// A quota option's value (`--quota-workout-logs 10000/64MiB`, `--quota-write-rate 3600/1200`),
/// read as a kind's quota, as the write rate, and as a SIZE.
enum QuotaOptionEntry {
  static func run(_ input: Data) throws(FuzzFinding) {
    let text = String(decoding: input.prefix(1024), as: UTF8.self)
    if let bytes = RecordQuota.byteSize(text), !(0...(1 << 40)).contains(bytes) {
      throw FuzzFinding("SIZE \(text) read as \(bytes) bytes")
    }
    if let quota = RecordQuota(optionText: text) {
      guard RecordQuota.optionRecords.contains(quota.records),
        (1...(1 << 40)).contains(quota.bytes)
      else {
        throw FuzzFinding("\(text) read as \(quota.records) records, \(quota.bytes) bytes")
      }
      // What `--check-config` shows, spelled as an option, reads back as the same quota.
      guard RecordQuota(optionText: "\(quota.records)/\(quota.bytes)") == quota else {
        throw FuzzFinding("\(text) read as \(quota), which does not read back")
      }
    }
    if let rate = WriteRate(optionText: text) {
      guard WriteRate.optionPerHour.contains(rate.perHour),
        WriteRate.optionBurst.contains(rate.burst),
        WriteRate(optionText: "\(rate.perHour)/\(rate.burst)") == rate
      else {
        throw FuzzFinding("\(text) read as \(rate.perHour) an hour, bursts of \(rate.burst)")
      }
    }
  }
}

/// A token file (`--metrics-token-file`, `--token-file`): the first byte picks the file's mode,
/// the rest is its content. Read as `perform serve` reads it, then checked as a metrics token.
enum TokenFileEntry {
  /// The modes the first byte picks from: the owner's alone, and two others may read.
  static let modes: [mode_t] = [0o600, 0o400, 0o640, 0o604]

  static func run(_ input: Data) throws(FuzzFinding) {
    guard let first = input.first else { return }
    let mode = modes[Int(first) % modes.count]
    let content = input.dropFirst()
    try ScratchDirectory.with { directory throws(FuzzFinding) in
      let file = directory.appendingPathComponent("token")
      ScratchDirectory.write(Data(content), to: file)
      guard chmod(file.path, mode) == 0 else {
        preconditionFailure("cannot set the mode of \(file.path)")
      }
      let token: String
      do {
        token = try TokenFile.read(atPath: file.path)
      } catch {
        // Refused only when others may read it: the file is there and its owner may read it.
        guard mode & 0o044 != 0, "\(error)".contains("chmod 600") else {
          throw FuzzFinding("mode \(String(mode, radix: 8)) refused: \(error)")
        }
        return
      }
      guard mode & 0o044 == 0 else {
        throw FuzzFinding("mode \(String(mode, radix: 8)) read as \(token)")
      }
      let expected = TokenFile.firstLine(of: Data(content.prefix(TokenFile.readBytes)))
      let blanks: Set<Character> = [" ", "\t", "\r"]
      guard token == expected, !token.utf8.contains(UInt8(ascii: "\n")),
        token.first.map({ !blanks.contains($0) }) ?? true,
        token.last.map({ !blanks.contains($0) }) ?? true
      else {
        throw FuzzFinding(
          "read \(token.debugDescription), the first line is \(expected.debugDescription)")
      }
      if ServerConfiguration.isMetricsToken(token) {
        guard ServerConfiguration.metricsTokenLength.contains(token.utf8.count),
          token.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else {
          throw FuzzFinding("\(token.debugDescription) taken as a metrics token")
        }
      }
    }
  }
}

/// An email address as a person types it to sign in or accept an invite, read as a login
/// (`EmailAddress.normalised`).
enum EmailAddressEntry {
  static func run(_ input: Data) throws(FuzzFinding) {
    let text = String(decoding: input.prefix(4096), as: UTF8.self)
    let email: String
    do {
      email = try EmailAddress.normalised(text)
    } catch TraineeStoreError.invalid(field: "email", _) {
      return
    } catch {
      throw FuzzFinding("\(text.debugDescription) refused with \(error)")
    }
    guard email.utf8.count <= EmailAddress.longestBytes else {
      throw FuzzFinding("\(email.debugDescription) is \(email.utf8.count) bytes")
    }
    if let scalar = email.unicodeScalars.first(where: {
      $0.properties.generalCategory == .control || $0.properties.isWhitespace
    }) {
      throw FuzzFinding("\(email.debugDescription) holds U+\(String(scalar.value, radix: 16))")
    }
    guard email.lowercased() == email else {
      throw FuzzFinding("\(email.debugDescription) is not lowercase")
    }
    // One person's two spellings are one account: the login of a login is itself.
    guard (try? EmailAddress.normalised(email)) == email else {
      throw FuzzFinding(
        "\(text.debugDescription) gave \(email.debugDescription), which normalises to"
          + " \(((try? EmailAddress.normalised(email)) ?? "a refusal").debugDescription)")
    }
  }
}
