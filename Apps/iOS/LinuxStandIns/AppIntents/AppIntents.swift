// Stand-in for Apple's AppIntents, compiled on Linux only by scripts/typecheck-ios.sh so that
// Apps/iOS type-checks there. Never a package target (a target named AppIntents would shadow
// Apple's on a Mac). Only the surface Apps/iOS uses, with the signatures Apple documents on the
// page cited beside each declaration (availability attributes dropped; requirements and
// conformances Apps/iOS never touches left out); never run.

import AppleFoundation
import Foundation

/// https://developer.apple.com/documentation/appintents/appintent
/// (Apple's also refines PersistentlyIdentifiable and _SupportsAppDependencies, left out.)
public protocol AppIntent: Sendable {
  /// https://developer.apple.com/documentation/appintents/appintent/performresult
  associatedtype PerformResult: IntentResult
  /// https://developer.apple.com/documentation/appintents/appintent/title
  static var title: LocalizedStringResource { get }
  /// https://developer.apple.com/documentation/appintents/appintent/isdiscoverable
  static var isDiscoverable: Bool { get }
  /// https://developer.apple.com/documentation/appintents/appintent/init()
  init()
  /// https://developer.apple.com/documentation/appintents/appintent/perform()
  func perform() async throws -> Self.PerformResult
}

extension AppIntent {
  /// https://developer.apple.com/documentation/appintents/appintent/isdiscoverable
  public static var isDiscoverable: Bool { true }

  /// https://developer.apple.com/documentation/appintents/appintent/parameter
  public typealias Parameter<Value> = IntentParameter<Value> where Value: _IntentValue
}

/// https://developer.apple.com/documentation/appintents/systemintent
public protocol SystemIntent: AppIntent {}

/// https://developer.apple.com/documentation/appintents/liveactivityintent
public protocol LiveActivityIntent: SystemIntent {}

/// https://developer.apple.com/documentation/appintents/_intentvalue
public protocol _IntentValue {}

/// https://developer.apple.com/documentation/swift/string
extension String: _IntentValue {}
/// https://developer.apple.com/documentation/swift/int
extension Int: _IntentValue {}
/// https://developer.apple.com/documentation/foundation/date
extension Date: _IntentValue {}

/// https://developer.apple.com/documentation/appintents/intentparameter
@propertyWrapper
public final class IntentParameter<Value>: @unchecked Sendable
where Value: _IntentValue, Value: Sendable {
  /// https://developer.apple.com/documentation/appintents/intentparameter/wrappedvalue
  public final var wrappedValue: Value {
    get { fatalError() }
    set {}
  }

  /// https://developer.apple.com/documentation/appintents/intentparameter/init(title:description:default:requestvaluedialog:inputconnectionbehavior:)-673mj
  /// (the first two of its parameters; the rest, all defaulted, Apps/iOS never passes)
  public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil) {}
}

/// https://developer.apple.com/documentation/appintents/intentresult
public protocol IntentResult: Sendable {}

/// https://developer.apple.com/documentation/appintents/opensintent
public protocol OpensIntent: IntentResult {}

/// https://developer.apple.com/documentation/appintents/intentresultcontainer
public struct IntentResultContainer<Value, OpensAppIntent, Content, Dialog>: IntentResult,
  @unchecked Sendable
{}

extension IntentResultContainer: OpensIntent where OpensAppIntent: AppIntent {}

extension IntentResult {
  /// https://developer.apple.com/documentation/appintents/intentresult/result()
  public static func result() -> Self
  where Self == IntentResultContainer<Never, Never, Never, Never> {
    IntentResultContainer()
  }

  /// https://developer.apple.com/documentation/appintents/intentresult/result(opensintent:)-6l7s5
  public static func result<OpensAppIntent>(opensIntent: OpensAppIntent) -> Self
  where
    Self == IntentResultContainer<Never, OpensAppIntent, Never, Never>,
    OpensAppIntent: AppIntent
  {
    IntentResultContainer()
  }
}

/// https://developer.apple.com/documentation/appintents/openurlintent
public struct OpenURLIntent: AppIntent {
  /// https://developer.apple.com/documentation/appintents/openurlintent/init(_:)
  public init(_ url: URL) {}

  // What AppIntent requires; Apps/iOS only hands the intent on.
  public static let title: LocalizedStringResource = "Open URL"
  public init() {}
  public func perform() async throws -> some IntentResult { .result() }
}
