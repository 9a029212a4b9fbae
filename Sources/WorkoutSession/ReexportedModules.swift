// NB: docs/architecture.md, "Modules": Epley's estimate lives in ProgressSeries, shared with the
// server; every importer of WorkoutSession sees it as before.
@_exported import ProgressSeries
