import Foundation

// NB: docs/decisions/the-coachs-dashboard.md, "Languages": the app's five languages; the page's
// language is the first of the browser's `Accept-Language` that is one of them, else English.
// The dashboard's table is its own (DashboardText.swift): English and German complete, French,
// Italian and Japanese falling back to English text by text until translated.

/// A language the dashboard's pages are written in.
public enum DashboardLanguage: String, CaseIterable, Sendable {
  case en, de, fr, it, ja

  /// The first language of an `Accept-Language` field's ranges (RFC 9110, 12.5.4) that the
  /// dashboard has, by quality then order; English when none is (or no field was sent).
  public static func chosen(byAcceptLanguage field: String?) -> DashboardLanguage {
    guard let field else { return .en }
    var ranked: [(quality: Double, order: Int, language: DashboardLanguage)] = []
    for (order, item) in field.split(separator: ",").enumerated() {
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let range = parts.first?.lowercased() else { continue }
      let primary = range.split(separator: "-").first.map(String.init) ?? range
      guard let language = DashboardLanguage(rawValue: primary) else { continue }
      var quality = 1.0
      for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
        quality = Double(parameter.dropFirst(2)) ?? 0
      }
      if quality > 0 { ranked.append((quality, order, language)) }
    }
    return ranked.min { ($1.quality, $0.order) < ($0.quality, $1.order) }?.language ?? .en
  }
}
