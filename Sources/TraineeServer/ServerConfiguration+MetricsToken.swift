// NB: docs/security.md, "Metrics": the scrape token is 16 to 256 visible ASCII characters, checked
// where `perform serve` reads `--metrics-token-file` and by the fuzz target `token-file`
// (docs/fuzzing.md).

extension ServerConfiguration {
  /// The characters a metrics token may have.
  public static let metricsTokenLength = 16...256

  /// Whether `token` may be the scrape token: ``metricsTokenLength`` characters, each visible
  /// ASCII (`!` to `~`).
  public static func isMetricsToken(_ token: String) -> Bool {
    metricsTokenLength.contains(token.count)
      && token.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
  }
}
