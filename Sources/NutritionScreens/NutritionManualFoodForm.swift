import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TraineeAPI

// NB: a food the catalog does not have is typed in by hand: name (1 to 80 characters once
// trimmed), the grams eaten (optional, more than 0, at most what a portion may hold), then kcal
// (required), protein, carbs and fat (0 or more, empty for 0), `.` or `,` as the decimal mark.
// Number fields take only digits and the two marks, as every amount field does. Nothing leaves
// the form until every field is valid.

/// The form of a food typed in by hand: its six fields, the one being typed, and what is wrong.
struct NutritionManualFoodForm: Equatable {
  /// The form's fields, top to bottom.
  enum Field: Int, CaseIterable, Equatable {
    case name, amount, kcal, protein, carbs, fat
  }

  /// What a key did to the form.
  enum Outcome {
    /// Keep typing.
    case editing
    /// Escape: the form is abandoned.
    case cancelled
    /// Enter on the last field, with every field valid.
    case submitted(NutritionManualFood)
  }

  /// The most characters of a name, once trimmed.
  static let maximumNameLength = 80

  private(set) var editors: [LineEditor]
  /// The field being typed.
  private(set) var focus: Field
  /// Why the last Enter did not move on; cleared by the next key.
  private(set) var problem: NutritionManualFoodProblem?

  /// An empty form; `name` prefills the name (what the trainee searched for) and `focus` is
  /// the field typed into first.
  init(name: String = "", focus: Field = .name) {
    self.focus = focus
    editors = Field.allCases.map { field in
      switch field {
      // NB: longer than a name may be, so an overlong name is refused with a reason instead of
      // being cut silently.
      case .name: LineEditor(name, maxLength: 2 * Self.maximumNameLength)
      default: LineEditor("", maxLength: 8, allowed: LineEditor.numeric)
      }
    }
  }

  /// The field `field` as typed.
  func editor(_ field: Field) -> LineEditor {
    editors[field.rawValue]
  }

  /// Applies one key: Tab or ↓ moves to the next field and Shift-Tab or ↑ to the previous one,
  /// Enter checks the field and moves on (on the last field, checks them all and submits),
  /// Escape cancels; any other key edits the field.
  mutating func handle(_ key: Key) -> Outcome {
    problem = nil
    switch key {
    case .escape:
      return .cancelled
    case .tab, .down:
      move(by: 1)
    case .backTab, .up:
      move(by: -1)
    case .enter:
      if let fieldProblem = Self.check(focus, editor(focus).text).problem {
        problem = fieldProblem
      } else if focus != Field.allCases.last {
        move(by: 1)
      } else {
        switch validated() {
        case .success(let food): return .submitted(food)
        case .failure(let formProblem):
          problem = formProblem
          focus = formProblem.field
        }
      }
    default:
      _ = editors[focus.rawValue].handle(key)
    }
    return .editing
  }

  /// The food the form describes, or the first field's problem, top to bottom.
  func validated() -> Result<NutritionManualFood, NutritionManualFoodProblem> {
    var values: [Field: Double] = [:]
    var name = ""
    for field in Field.allCases {
      let checked = Self.check(field, editor(field).text)
      if let problem = checked.problem { return .failure(problem) }
      if field == .name { name = checked.text } else { values[field] = checked.value }
    }
    return .success(
      NutritionManualFood(
        name: name, grams: values[.amount],
        macros: MacrosDto(
          kcal: values[.kcal] ?? 0, protein: values[.protein] ?? 0, carbs: values[.carbs] ?? 0,
          fat: values[.fat] ?? 0)))
  }

  private mutating func move(by offset: Int) {
    let count = Field.allCases.count
    focus = Field(rawValue: (focus.rawValue + offset + count) % count)!
  }

  /// `text` of `field` trimmed, its number when it is a number field and not empty, and what is
  /// wrong with it.
  private static func check(
    _ field: Field, _ text: String
  ) -> (text: String, value: Double?, problem: NutritionManualFoodProblem?) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch field {
    case .name:
      if trimmed.isEmpty { return (trimmed, nil, .nameMissing) }
      if trimmed.count > maximumNameLength {
        return (trimmed, nil, .nameTooLong(count: trimmed.count))
      }
      return (trimmed, nil, nil)
    case .amount, .kcal, .protein, .carbs, .fat:
      guard !trimmed.isEmpty else { return (trimmed, nil, field == .kcal ? .kcalMissing : nil) }
      guard let value = NutritionText.parseAmount(trimmed) else {
        return (trimmed, nil, .notANumber(field, trimmed))
      }
      if field == .amount {
        if value <= 0 { return (trimmed, value, .amountNotPositive) }
        if value > ItemPortion.maximumQuantity {
          return (trimmed, value, .amountTooLarge(maximum: ItemPortion.maximumQuantity))
        }
      } else if value < 0 {
        return (trimmed, value, .negative(field))
      }
      return (trimmed, value, nil)
    }
  }
}

/// A food typed in by hand, checked: its name, the grams eaten when given, and the macros of
/// that amount.
struct NutritionManualFood: Equatable {
  var name: String
  var grams: Double?
  var macros: MacrosDto
}

/// Why a food typed in by hand is refused, naming the field.
enum NutritionManualFoodProblem: Error, Equatable {
  case nameMissing
  case nameTooLong(count: Int)
  case notANumber(NutritionManualFoodForm.Field, String)
  case negative(NutritionManualFoodForm.Field)
  case amountNotPositive
  case amountTooLarge(maximum: Double)
  case kcalMissing

  /// The field to fix.
  var field: NutritionManualFoodForm.Field {
    switch self {
    case .nameMissing, .nameTooLong: .name
    case .notANumber(let field, _), .negative(let field): field
    case .amountNotPositive, .amountTooLarge: .amount
    case .kcalMissing: .kcal
    }
  }
}
