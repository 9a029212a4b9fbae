// NB: docs/architecture.md, "Modules": what the store keeps and refuses as values
// (TraineeRecords), the fast JSON of its stored logs (TraineeWireJSON), the coach's programs
// as values (CoachPrograms), meal plans as values (CoachMealPlans) and a day's plan against eaten
// (NutritionAdherence) are modules below it; every importer of TraineeData sees them as before.
// The progress arithmetic the coach's records and series share with the app is ProgressSeries;
// the coach's notification texts as values are CoachNotificationTexts, and the studio's events
// feed as stored is StudioEvents.
@_exported import CoachMealPlans
@_exported import CoachNotificationTexts
@_exported import CoachPrograms
@_exported import NutritionAdherence
@_exported import ProgressSeries
@_exported import StudioEvents
@_exported import TraineeRecords
@_exported import TraineeWireJSON
