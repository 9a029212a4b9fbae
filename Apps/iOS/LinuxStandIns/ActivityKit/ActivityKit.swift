// Stand-in for Apple's ActivityKit, compiled on Linux only by scripts/typecheck-ios.sh so that
// Apps/iOS type-checks there. Never a package target (a target named ActivityKit would shadow
// Apple's on a Mac). Only the surface Apps/iOS uses, with the signatures Apple documents on the
// page cited beside each declaration (availability attributes dropped); never run.
//
// Like Apple's, this module carries no concurrency annotations (`Activity` is not Sendable) and
// scripts/typecheck-ios.sh compiles it in the Swift 5 language mode, so a Swift 6 client needs
// `@preconcurrency import ActivityKit` to capture an activity in a Sendable closure, as on iOS.

import Foundation

/// https://developer.apple.com/documentation/activitykit/activityattributes
public protocol ActivityAttributes: Decodable, Encodable {
  /// https://developer.apple.com/documentation/activitykit/activityattributes/contentstate
  associatedtype ContentState: Decodable, Encodable, Hashable
}

/// https://developer.apple.com/documentation/activitykit/activitycontent
public struct ActivityContent<State>
where State: Decodable, State: Encodable, State: Hashable {
  /// https://developer.apple.com/documentation/activitykit/activitycontent/state
  public let state: State
  /// https://developer.apple.com/documentation/activitykit/activitycontent/staledate
  public let staleDate: Date?

  /// https://developer.apple.com/documentation/activitykit/activitycontent/init(state:staledate:relevancescore:)
  public init(state: State, staleDate: Date?, relevanceScore: Double = 0.0) {
    self.state = state
    self.staleDate = staleDate
  }
}

extension ActivityContent: Sendable where State: Sendable {}

/// https://developer.apple.com/documentation/activitykit/activitystate
public enum ActivityState: Encodable {
  /// https://developer.apple.com/documentation/activitykit/activitystate/active
  case active
  /// https://developer.apple.com/documentation/activitykit/activitystate/dismissed
  case dismissed
  /// https://developer.apple.com/documentation/activitykit/activitystate/pending
  case pending
  /// https://developer.apple.com/documentation/activitykit/activitystate/stale
  case stale
  /// https://developer.apple.com/documentation/activitykit/activitystate/ended
  case ended
}

/// https://developer.apple.com/documentation/activitykit/activityuidismissalpolicy
public struct ActivityUIDismissalPolicy {
  /// https://developer.apple.com/documentation/activitykit/activityuidismissalpolicy/default
  public static let `default` = ActivityUIDismissalPolicy()
  /// https://developer.apple.com/documentation/activitykit/activityuidismissalpolicy/immediate
  public static let immediate = ActivityUIDismissalPolicy()

  /// https://developer.apple.com/documentation/activitykit/activityuidismissalpolicy/after(_:)
  public static func after(_ date: Date) -> ActivityUIDismissalPolicy {
    ActivityUIDismissalPolicy()
  }
}

/// https://developer.apple.com/documentation/activitykit/pushtype
public struct PushType {}

/// https://developer.apple.com/documentation/activitykit/activityauthorizationinfo
public final class ActivityAuthorizationInfo {
  /// https://developer.apple.com/documentation/activitykit/activityauthorizationinfo/init()
  public init() {}

  /// https://developer.apple.com/documentation/activitykit/activityauthorizationinfo/areactivitiesenabled
  public final var areActivitiesEnabled: Bool { false }
}

/// https://developer.apple.com/documentation/activitykit/activity
public final class Activity<Attributes>: Identifiable where Attributes: ActivityAttributes {
  /// https://developer.apple.com/documentation/activitykit/activity/contentstate-swift.typealias
  public typealias ContentState = Attributes.ContentState

  /// https://developer.apple.com/documentation/activitykit/activity/id
  public let id: String = ""

  /// https://developer.apple.com/documentation/activitykit/activity/activities
  public static var activities: [Activity<Attributes>] { [] }

  /// https://developer.apple.com/documentation/activitykit/activity/content
  public var content: ActivityContent<Activity<Attributes>.ContentState> { fatalError() }

  /// https://developer.apple.com/documentation/activitykit/activity/activitystate
  public var activityState: ActivityState { .active }

  /// https://developer.apple.com/documentation/activitykit/activity/activitystateupdates-swift.property
  public var activityStateUpdates: Activity<Attributes>.ActivityStateUpdates {
    ActivityStateUpdates()
  }

  /// https://developer.apple.com/documentation/activitykit/activity/request(attributes:content:pushtype:)
  public static func request(
    attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>,
    pushType: PushType? = nil
  ) throws -> Activity<Attributes> { fatalError() }

  /// https://developer.apple.com/documentation/activitykit/activity/update(_:)
  public func update(_ content: ActivityContent<Activity<Attributes>.ContentState>) async {}

  /// https://developer.apple.com/documentation/activitykit/activity/end(_:dismissalpolicy:)
  public func end(
    _ content: ActivityContent<Activity<Attributes>.ContentState>?,
    dismissalPolicy: ActivityUIDismissalPolicy = .default
  ) async {}

  /// https://developer.apple.com/documentation/activitykit/activity/activitystateupdates-swift.struct
  public struct ActivityStateUpdates: AsyncSequence {
    /// https://developer.apple.com/documentation/activitykit/activity/activitystateupdates-swift.struct/element
    public typealias Element = ActivityState

    /// https://developer.apple.com/documentation/activitykit/activity/activitystateupdates-swift.struct/iterator
    public struct Iterator: AsyncIteratorProtocol, Sendable {
      public mutating func next() async -> ActivityState? { nil }
    }

    /// https://developer.apple.com/documentation/activitykit/activity/activitystateupdates-swift.struct/makeasynciterator()
    public func makeAsyncIterator() -> Iterator { Iterator() }
  }
}
