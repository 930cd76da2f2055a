/// This package's version, as `CHANGELOG.md`'s top entry names it (semantic versioning; while it
/// is 0.x, a minor version may break the API, and the changelog says how to migrate). Read it as
/// `GridKit.version`.
public let version = "0.1.0"
