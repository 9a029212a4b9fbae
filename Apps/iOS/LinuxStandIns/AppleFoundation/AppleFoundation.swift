// Stand-in for the part of Apple's Foundation that Apps/iOS uses and swift-corelibs-foundation on
// Linux lacks. scripts/typecheck-ios.sh compiles it on Linux only and imports it implicitly
// (`-import-module`), since on Apple platforms these come with `import Foundation`. Never a
// package target. Signatures as Apple documents them on the page cited beside each declaration;
// never run.

import Foundation

/// https://developer.apple.com/documentation/foundation/localizedstringresource
public struct LocalizedStringResource: Equatable, Hashable, Sendable,
  ExpressibleByStringInterpolation
{
  /// https://developer.apple.com/documentation/foundation/localizedstringresource/init(stringliteral:)
  public init(stringLiteral value: String) {}

  /// https://developer.apple.com/documentation/foundation/localizedstringresource/init(stringinterpolation:)
  /// (Apple's interpolation type is `LocalizedStringResource.StringInterpolation`; the stand-in
  /// takes the standard library's, which accepts the `String` interpolations Apps/iOS makes.)
  public init(stringInterpolation: DefaultStringInterpolation) {}
}

/// https://developer.apple.com/documentation/foundation/customlocalizedstringresourceconvertible
public protocol CustomLocalizedStringResourceConvertible {
  /// https://developer.apple.com/documentation/foundation/customlocalizedstringresourceconvertible/localizedstringresource
  var localizedStringResource: LocalizedStringResource { get }
}

extension FileManager {
  /// https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)
  public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
    nil
  }
}
