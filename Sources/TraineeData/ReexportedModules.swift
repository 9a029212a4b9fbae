// NB: docs/architecture.md, "Modules": what the store keeps and refuses as values
// (TraineeRecords) and the fast JSON of its stored logs (TraineeWireJSON) are modules below it;
// every importer of TraineeData sees them as before.
@_exported import TraineeRecords
@_exported import TraineeWireJSON
