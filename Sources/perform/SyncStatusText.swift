import NutritionLog
import TerminalScreens

/// The nutrition sync state as the status line says it.
func syncStatusText(_ status: NutritionSyncStatus, text: AppText) -> String {
  switch status {
  case .loading: text(.nutritionStateLoading)
  case .saved: text(.nutritionSaved).replacingOccurrences(of: "✓ ", with: "")
  case .saving: text(.nutritionSaving)
  case .pending: text(.statusSavingSoon)
  case .offlineWillRetry: text(.nutritionStateOffline)
  }
}
