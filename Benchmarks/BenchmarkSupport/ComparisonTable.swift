import Foundation

/// The table every benchmark prints: one workload at a small and a large size, side by side.
///
/// A row is a label padded to 34 columns, then mean, p50, p99 and max in microseconds for the
/// small size, then for the large one, then the ratio of the means (large / small):
///
/// ```
/// action                                mean      p50      p99       max |    mean ... | ratio
/// setValue, saved (journal)             12.3     11.9     30.1     210.4 |    13.0 ... |  1.06
/// ```
public enum ComparisonTable {
  /// The width of the label column.
  public static let labelWidth = 34

  /// The two heading lines: `sizes` (the titles of the two size columns, as laid out by the
  /// benchmark) after an empty label column, then `label` over the row labels and the names of
  /// the figures.
  public static func heading(label: String, sizes: String) -> String {
    padded("") + sizes + "\n" + padded(label)
      + "    mean      p50      p99       max |    mean      p50      p99       max | ratio"
  }

  /// One row: `label`, the figures at the small and at the large size, and the ratio of their
  /// means.
  public static func row(_ label: String, _ small: Figures, _ large: Figures) -> String {
    let ratio = large.mean.microseconds / small.mean.microseconds
    return padded(label) + cells(small) + " |" + cells(large) + String(format: " | %5.2f", ratio)
  }

  private static func cells(_ figures: Figures) -> String {
    String(
      format: "%8.1f %8.1f %8.1f %9.1f", figures.mean.microseconds, figures.p50.microseconds,
      figures.p99.microseconds, figures.max.microseconds)
  }

  private static func padded(_ label: String) -> String {
    label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
  }
}
