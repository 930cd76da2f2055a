import GridKit

/// Foundation has an `IndexPath` too; inside Demos the name always means GridKit's.
public typealias IndexPath = GridKit.IndexPath
