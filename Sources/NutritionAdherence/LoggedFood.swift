import Foundation
import TraineeAPI
import TraineeRecords

// NB: docs/decisions/the-server-http-routes-and-storage.md, "Server nutrition routes": a meal log's
// items are stored as the JSON text sent; the diary reads each item's name and macros from it.
// The menu route and the totals kept on write read a stored log the same way, here.

/// A food of a meal log: a name and its macros, other fields kept in the stored text.
public struct LoggedFood: Decodable, Equatable, Sendable {
  public var name: String
  public var macros: MacrosDto

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decodeText(forKey: .name) ?? ""
    macros = try MacrosDto(from: decoder)
    _ = try container.decodeText(forKey: .id)
    _ = try container.decodeText(forKey: .foodId)
    _ = try container.decodeOptional(Double.self, forKey: .qty)
    _ = try container.decodeText(forKey: .unit)
    _ = try container.decodeText(forKey: .barcode)
  }

  enum CodingKeys: String, CodingKey { case id, name, foodId, qty, unit, barcode }
}

/// `json`, stored by the server, as `type`, its amounts bounded as when they were sent;
/// `storageFailed` naming `what` when this build cannot read it.
public func decodeStored<T: Decodable>(_ type: T.Type, _ json: String, _ what: String) throws -> T {
  let decoder = JSONDecoder()
  decoder.userInfo[.checkedInput] = true
  do {
    return try decoder.decode(type, from: Data(json.utf8))
  } catch {
    throw TraineeStoreError.storageFailed("\(what) cannot be read: \(error)")
  }
}

extension MenuLogDto {
  /// A stored meal log as the diary lists it, before the diary says whether it is counted:
  /// its macros are the sum of its items', rounded to 0.1.
  public init(stored log: MealLog) throws {
    let what = "the items of meal log \(log.id)"
    let items = try decodeStored(JSONValue.self, log.itemsJSON, what)
    let foods = try decodeStored([LoggedFood].self, log.itemsJSON, what)
    self.init(
      id: log.id.description, consumedAt: ISO8601Instant.textWithMilliseconds(log.consumedAt),
      items: items, macros: MacrosDto.sum(foods.map(\.macros)).rounded, counted: true)
  }
}
