import Foundation
import TerminalUI
import Testing
import TextColumns

@testable import LiveWorkoutScreens
@testable import NutritionScreens
@testable import PerformApp
@testable import TerminalScreens

/// The plates owned, typed on the settings tab and used by the live workout's plate lines.
@MainActor
struct PlateStockScreenTests {
  @Test func pairsOwnedAreRefusedInlineWhenBadAndLimitThePlatesPerSide() async throws {
    let daily = try DailyScreensTests()
    let launched = try await daily.launch(lang: "de_DE.UTF-8")
    let app = launched.app
    let size = TerminalSize(rows: 24, columns: 80)
    app.select(tab: 3)
    daily.type("jjj\n", into: app)
    _ = app.handle(.control("u"), now: Date())
    // A count of 0 pairs is refused under the row, whole at 80 columns; nothing is saved.
    daily.type("20x2 10x0\n", into: app)
    let refused = app.frame(size: size, now: Date())
    #expect(refused.lines.map(\.plainText).filter { TextColumns.of($0) > 80 } == [])
    #expect(refused.plainText.contains("„20x2 10x0“ ist keine Liste von Scheiben"))
    #expect(refused.plainText.contains("nach einem x (20x2)."))
    #expect(launched.settings.current.barbell == .standard(for: .metric))
    _ = app.handle(.control("u"), now: Date())
    daily.type("20x2 10x1 5x1\n", into: app)
    #expect(launched.settings.current.barbell.pairs == [20: 2, 10: 1, 5: 1])
    #expect(daily.screen(app).contains("Scheiben   20×2 10×1 5×1 kg  (hier gewählt)"))
    // 102,5 kg needs 41,25 a side; the pairs owned make 40 at most near it: 100 kg.
    app.select(tab: 1)
    _ = app.handle(.enter, now: Date())
    daily.type("102,5\n", into: app)
    _ = app.handle(.escape, now: Date())
    daily.type("P", into: app)
    let text = daily.screen(app)
    #expect(text.contains("Pro Seite: 20 + 20  (Stange 20 kg)"))
    #expect(text.contains("102,5 kg ist nicht steckbar: nächstes 100 kg"))
  }
}
