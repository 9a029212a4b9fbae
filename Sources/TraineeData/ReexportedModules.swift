// NB: docs/architecture.md, "Modules": what the store keeps and refuses as values
// (TraineeRecords), the fast JSON of its stored logs (TraineeWireJSON), the coach's programs
// as values (CoachPrograms) and meal plans as values (CoachMealPlans) are modules below it;
// every importer of TraineeData sees them as before.
@_exported import CoachMealPlans
@_exported import CoachPrograms
@_exported import TraineeRecords
@_exported import TraineeWireJSON
