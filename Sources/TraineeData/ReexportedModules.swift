// NB: docs/architecture.md, "Modules": what the store keeps and refuses as values
// (TraineeRecords), the fast JSON of its stored logs (TraineeWireJSON) and the coach's programs
// as values (CoachPrograms) are modules below it; every importer of TraineeData sees them as before.
// So are the coach's notification texts as values (CoachNotificationTexts).
@_exported import CoachNotificationTexts
@_exported import CoachPrograms
@_exported import TraineeRecords
@_exported import TraineeWireJSON
