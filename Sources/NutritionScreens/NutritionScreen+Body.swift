import Foundation
import NutritionLog
import TerminalScreens
import TerminalUI
import TextColumns
import TraineeAPI

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app": plain
// readable lines; the selection in reverse; eaten items with ✓; a read-only day says so (and why)
// at the top; the sync state "saved / saving / offline, will retry" at the top right. The header
// and the field being typed stay put; the day's list scrolls to keep the selection in sight.

extension NutritionScreen {
  public func body(size: TerminalSize, now: Date) -> Frame {
    NutritionText.$text.withValue(text) { drawBody(size: size, now: now) }
  }

  private func drawBody(size: TerminalSize, now: Date) -> Frame {
    refresh(now: now)
    let context = context
    let columns = max(20, size.columns)
    let content = state.currentContent(context)
    var header = [dateLine(content, columns: columns)]
    if !state.isEditable {
      var reason = ""
      do {
        try checkEditableDay(state.shown, today: state.today)
      } catch {
        reason = NutritionText.describe(error)
      }
      let source =
        content.day.map {
          text($0.source == .menu ? .nutritionShownFromDiary : .nutritionShownAsSaved)
        }
        ?? ""
      header += messageLines(
        text(.nutritionReadOnlyLine, ["reason": reason, "source": source]), TextStyle(bold: true),
        columns: columns)
    }
    header += offlineLines(now: now).flatMap {
      messageLines($0.plainText, $0.runs.first?.style ?? TextStyle(), columns: columns)
    }
    if let day = content.day {
      // Two lines where the language's words do not fit one (German, French at 80 columns).
      header += NutritionText.totals(day.totals, columns: columns).map { StyledLine($0) }
    }
    if let notice = content.notice {
      header += messageLines(notice, TextStyle(foreground: .yellow), columns: columns)
    }
    header.append(StyledLine())
    var footer: [StyledLine] = []
    var cursor: (row: Int, column: Int)?
    if let prompt = prompt() {
      footer.append(
        StyledLine([StyledRun(prompt.label, TextStyle(bold: true)), StyledRun(prompt.editor.text)]))
      let typed = String(prompt.editor.text.prefix(prompt.editor.cursor))
      cursor = (0, TextColumns.of(prompt.label) + TextColumns.of(typed))
    } else if let form = mealLogLines() ?? manualFoodLines() {
      // The form's last line is its hint or its problem: a sentence, which wraps.
      footer =
        form.lines.dropLast() + form.lines.suffix(1).flatMap { messageLines($0, columns: columns) }
      cursor = form.cursor
    }
    let room = max(1, size.rows - header.count - footer.count)
    let middle = middleLines(columns: columns, room: room, context)
    var lines = header + middle
    if let row = cursor?.row, let column = cursor?.column {
      cursor = (lines.count + row, column)
    }
    lines += footer
    return Frame(lines: Array(lines.prefix(max(0, size.rows))), cursor: cursor)
  }

  /// Says that the plan is a kept copy, or that the editable day on screen was never loaded
  /// from the server, which cannot be reached.
  private func offlineLines(now: Date) -> [StyledLine] {
    let style = TextStyle(bold: true, foreground: .yellow)
    var lines: [StyledLine] = []
    if let asOf = state.plansAsOf, let failure = asOf.failure {
      let time = OfflineText.time(
        asOf.fetchedAt, now: now, timeZone: environment.timeZone(), text: text)
      if failure.isUnreachable {
        lines.append(StyledLine(text(.nutritionOfflineAsOf, ["time": time]), style))
      } else {
        lines.append(
          StyledLine(
            text(
              .nutritionPlansAsOf,
              ["time": time, "problem": OfflineText.describe(failure, text: text)]),
            style))
        lines += OfflineText.help(for: failure, text: text).map { [StyledLine($0, style)] } ?? []
      }
    }
    let key = state.shown.dayKey.rawValue
    state.noteShownDay(sync.status(of: state.shown))
    if state.isEditable, sync.status(of: state.shown) == .offlineWillRetry,
      !state.loadedDays.contains(key), !environment.dayWasLoadedBefore(state.shown)
    {
      lines.append(
        StyledLine(text(.nutritionNeverLoaded), style))
    }
    return lines
  }

  /// `‹ Mon 5 Jan 2026 · today ›  Lean cut · Training day` with the sync state at the right.
  private func dateLine(_ content: NutritionDayContent, columns: Int) -> StyledLine {
    let (shown, isEditable) = (state.shown, state.isEditable)
    var left =
      "‹ \(NutritionText.date(shown)) · \(NutritionText.relative(shown, today: state.today)) ›"
    if let plan = content.plan { left += "  \(state.planDayTitle(plan))" }
    let state =
      isEditable ? NutritionText.syncState(sync.status(of: shown)) : text(.nutritionReadOnly)
    let stateStyle: TextStyle
    switch (isEditable, sync.status(of: shown)) {
    case (false, _): stateStyle = TextStyle(dim: true)
    case (true, .saved?): stateStyle = TextStyle(foreground: .green)
    case (true, .offlineWillRetry?): stateStyle = TextStyle(foreground: .red)
    default: stateStyle = TextStyle(foreground: .yellow)
    }
    let room = columns - TextColumns.of(state) - 1
    return StyledLine([
      StyledRun(NutritionText.padded(left, to: max(0, room)), TextStyle(bold: true)),
      StyledRun(" "), StyledRun(state, stateStyle),
    ])
  }

  /// The scrolled day, or the flow's own lines (searching, the foods found).
  private func middleLines(
    columns: Int, room: Int, _ context: NutritionScreenContext
  ) -> [StyledLine] {
    switch state.mode {
    case .searching(let target, let what, _):
      return messageLines(
        text(.nutritionLookingUp, ["title": target.title, "what": what]), columns: columns)
    case .results(let target, let query, let foods, let index):
      return resultLines(
        target, query: query, foods: foods, index: index, room: room, columns: columns)
    default:
      return dayLines(columns: columns, room: room, context)
    }
  }

  private func dayLines(
    columns: Int, room: Int, _ context: NutritionScreenContext
  ) -> [StyledLine] {
    let list = state.currentList(columns: columns, context)
    guard !list.lines.isEmpty else { return [] }
    let selected = state.scroll(list, room: room)
    return list.lines.dropFirst(state.scrollTop).prefix(room).map { line in
      guard line.isPrimary, line.row == selected, selected != nil else { return line.line }
      return StyledLine(
        line.line.runs.map { run in
          var style = run.style
          style.reverse = true
          return StyledRun(run.text, style)
        })
    }
  }

  private func resultLines(
    _ target: NutritionFoodTarget, query: String, foods: [FoodDto], index: Int, room: Int,
    columns: Int
  ) -> [StyledLine] {
    var lines = messageLines(
      text(.nutritionFoodsFound, ["title": target.title, "query": query]), TextStyle(bold: true),
      columns: columns)
    let visible = max(1, room - lines.count)
    let top = min(max(0, index - visible + 1), max(0, foods.count - visible))
    for (offset, food) in foods.enumerated().dropFirst(top).prefix(visible) {
      let per = text(.nutritionPer100, ["unit": food.unit]) + NutritionText.macros(food.per100g)
      lines.append(
        StyledLine([
          StyledRun("  " + NutritionText.padded(food.name, to: 28)),
          StyledRun(" " + per, TextStyle(dim: true)),
        ]))
      if offset == index {
        lines[lines.count - 1] = StyledLine(
          lines[lines.count - 1].runs.map { StyledRun($0.text, TextStyle(reverse: true)) })
      }
    }
    return lines
  }

  /// The field being typed and what it asks for.
  private func prompt() -> (label: String, editor: LineEditor)? {
    switch state.mode {
    case .portion(let target, let editor):
      switch target {
      case .planItem(_, _, _, let name, let unit, let planned):
        let values = ["name": name, "unit": unit ?? text(.nutritionUnits)]
        guard let planned else { return (text(.nutritionAmountOf, values), editor) }
        return (
          text(
            .nutritionAmountOfPlanned,
            values.merging(["planned": NutritionText.amount(planned, unit)]) { $1 }), editor
        )
      case .addedFood(_, _, let item), .composedFood(_, _, let item):
        return (
          text(
            .nutritionAmountOf, ["name": item.name, "unit": item.unit ?? text(.nutritionUnits)]),
          editor
        )
      }
    case .customLabel(_, let editor):
      return (text(.nutritionNewMealName), editor)
    case .searchText(let target, let editor):
      return (text(.nutritionSearchPrompt, ["title": target.title]), editor)
    case .barcodeText(let target, let editor):
      return (text(.nutritionBarcodePrompt, ["title": target.title]), editor)
    case .amount(let target, let food, _, let editor):
      let per = NutritionText.text.kcal(food.per100g.kcal)
      return (
        text(
          .nutritionAmountFood,
          ["title": target.title, "food": food.name, "kcal": per, "unit": food.unit]),
        editor
      )
    case .browsing, .searching, .results, .manualFood:
      return nil
    }
  }
}
