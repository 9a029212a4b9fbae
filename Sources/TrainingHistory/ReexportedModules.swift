// NB: docs/architecture.md, "Modules": the logged sets and the progress arithmetic live in
// ProgressSeries, shared with the server; every importer of TrainingHistory sees them as before.
@_exported import ProgressSeries
