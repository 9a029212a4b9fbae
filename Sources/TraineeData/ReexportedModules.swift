// NB: docs/architecture.md, "Modules": what the store keeps and refuses as values
// (TraineeRecords), the fast JSON of its stored logs (TraineeWireJSON), the coach's programs
// as values (CoachPrograms) and the studio's events feed as stored (StudioEvents) are modules
// below it; every importer of TraineeData sees them as before.
@_exported import CoachPrograms
@_exported import StudioEvents
@_exported import TraineeRecords
@_exported import TraineeWireJSON
