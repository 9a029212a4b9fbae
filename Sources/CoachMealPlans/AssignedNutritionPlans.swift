import Foundation
import JSONWire
import TraineeRecords

// NB: docs/decisions/the-coachs-meal-plans.md, "What the trainee reads": the assigned plans
// first, then the imported document's plans with their bytes, so a member this server does not
// know survives; the store answers the imported document as it is when nothing is assigned.

/// The answer of `GET /v1/trainee/nutrition/plans` when a studio's meal plans are assigned.
public enum AssignedNutritionPlans {
  /// The plans answer of `assigned` plans (JSON text each) followed by the plans of `imported`
  /// (the document as imported), whose plans and other members keep their bytes.
  public static func answer(assigned: [String], imported: String?) throws -> String {
    var members: [String: Data] = [:]
    if let imported {
      do {
        members = try jsonMemberText(Data(imported.utf8))
      } catch {
        throw TraineeStoreError.storageFailed("stored nutrition plans cannot be read: \(error)")
      }
    }
    var plans = assigned
    if let importedPlans = members.removeValue(forKey: "plans") {
      let text = String(decoding: importedPlans, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      guard text.first == "[", text.last == "]" else {
        throw TraineeStoreError.storageFailed("stored nutrition plans hold no list of plans")
      }
      let inner = text.dropFirst().dropLast().trimmingCharacters(in: .whitespacesAndNewlines)
      if !inner.isEmpty { plans.append(inner) }
    }
    var answer = #"{"plans":["# + plans.joined(separator: ",") + "]"
    for name in members.keys.sorted() {
      answer += "," + (try memberName(name)) + ":" + String(decoding: members[name]!, as: UTF8.self)
    }
    return answer + "}"
  }

  /// `name` as a JSON string.
  private static func memberName(_ name: String) throws -> String {
    String(decoding: try JSONEncoder().encode(name), as: UTF8.self)
  }
}
