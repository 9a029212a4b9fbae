// NB: docs/architecture.md, "Modules": the wire's generic pieces (lenient members, instants,
// calendar dates, JSON values) live in WireFormat, below the wire types; every importer of
// TraineeAPI sees them as before.
@_exported import WireFormat
