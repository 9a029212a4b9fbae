// Stand-in for Apple's WidgetKit, compiled on Linux only by scripts/typecheck-ios.sh so that
// Apps/iOS type-checks there. Never a package target (a target named WidgetKit would shadow
// Apple's on a Mac). Only the surface Apps/iOS uses, with the signatures Apple documents on the
// page cited beside each declaration (availability attributes dropped); never run.

import ActivityKit
import Foundation
import SwiftUI

/// https://developer.apple.com/documentation/widgetkit/widgetconfiguration
@MainActor @preconcurrency
public protocol WidgetConfiguration {
  /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/body-swift.associatedtype
  associatedtype Body: WidgetConfiguration
  /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/body-swift.property
  @WidgetConfigurationBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swift/never
extension Never: WidgetConfiguration {}

/// https://developer.apple.com/documentation/widgetkit/widgetconfigurationbuilder
@resultBuilder
public struct WidgetConfigurationBuilder {
  /// https://developer.apple.com/documentation/widgetkit/widgetconfigurationbuilder/buildblock(_:)
  public static func buildBlock<Content>(_ content: Content) -> Content
  where Content: WidgetConfiguration { content }
}

/// https://developer.apple.com/documentation/widgetkit/widget
@MainActor @preconcurrency
public protocol Widget {
  /// https://developer.apple.com/documentation/swiftui/widget/body-swift.associatedtype
  associatedtype Body: WidgetConfiguration
  /// https://developer.apple.com/documentation/swiftui/widget/init()
  @MainActor @preconcurrency init()
  /// https://developer.apple.com/documentation/swiftui/widget/body-swift.property
  @WidgetConfigurationBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/widgetkit/widgetbundle
@MainActor @preconcurrency
public protocol WidgetBundle {
  /// https://developer.apple.com/documentation/swiftui/widgetbundle/body-swift.associatedtype
  associatedtype Body: Widget
  /// https://developer.apple.com/documentation/swiftui/widgetbundle/init()
  @MainActor @preconcurrency init()
  /// https://developer.apple.com/documentation/swiftui/widgetbundle/body-swift.property
  @WidgetBundleBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension WidgetBundle {
  /// https://developer.apple.com/documentation/swiftui/widgetbundle/main()
  @MainActor @preconcurrency public static func main() {}
}

/// https://developer.apple.com/documentation/widgetkit/widgetbundlebuilder
@resultBuilder
public struct WidgetBundleBuilder {
  /// https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:)
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: Widget {
    content
  }
}

/// https://developer.apple.com/documentation/widgetkit/activityviewcontext
@dynamicMemberLookup
public struct ActivityViewContext<Attributes> where Attributes: ActivityAttributes {
  /// https://developer.apple.com/documentation/widgetkit/activityviewcontext/state
  public let state: Attributes.ContentState
  /// https://developer.apple.com/documentation/widgetkit/activityviewcontext/attributes
  public let attributes: Attributes

  /// https://developer.apple.com/documentation/widgetkit/activityviewcontext/subscript(dynamicmember:)
  public subscript<T>(dynamicMember keyPath: KeyPath<Attributes, T>) -> T {
    attributes[keyPath: keyPath]
  }
}

/// https://developer.apple.com/documentation/widgetkit/activityconfiguration
@MainActor @preconcurrency
public struct ActivityConfiguration<Attributes>: WidgetConfiguration
where Attributes: ActivityAttributes {
  /// https://developer.apple.com/documentation/widgetkit/activityconfiguration/init(for:content:dynamicisland:)
  @MainActor @preconcurrency public init<Content>(
    for attributesType: Attributes.Type,
    @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
    dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
  ) where Content: View {}

  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/widgetkit/dynamicisland
public struct DynamicIsland {
  /// https://developer.apple.com/documentation/widgetkit/dynamicisland/init(expanded:compactleading:compacttrailing:minimal:)
  public init<Expanded, CompactLeading, CompactTrailing, Minimal>(
    @DynamicIslandExpandedContentBuilder expanded:
      @escaping () -> DynamicIslandExpandedContent<Expanded>,
    @ViewBuilder compactLeading: @escaping () -> CompactLeading,
    @ViewBuilder compactTrailing: @escaping () -> CompactTrailing,
    @ViewBuilder minimal: @escaping () -> Minimal
  )
  where Expanded: View, CompactLeading: View, CompactTrailing: View, Minimal: View {}

  /// https://developer.apple.com/documentation/widgetkit/dynamicisland/widgeturl(_:)
  public func widgetURL(_ url: URL?) -> DynamicIsland { self }
}

/// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedcontent
public struct DynamicIslandExpandedContent<Content> where Content: View {}

/// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedcontentbuilder
@resultBuilder
public struct DynamicIslandExpandedContentBuilder {
  /// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedcontentbuilder/buildpartialblock(first:)
  public static func buildPartialBlock<C>(
    first: DynamicIslandExpandedRegion<C>
  ) -> DynamicIslandExpandedContent<some View> where C: View {
    DynamicIslandExpandedContent<C>()
  }

  /// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedcontentbuilder/buildpartialblock(accumulated:next:)
  public static func buildPartialBlock<C0, C1>(
    accumulated: DynamicIslandExpandedContent<C0>, next: DynamicIslandExpandedRegion<C1>
  ) -> DynamicIslandExpandedContent<some View> where C0: View, C1: View {
    DynamicIslandExpandedContent<C0>()
  }
}

/// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedregion
public struct DynamicIslandExpandedRegion<Content> where Content: View {
  /// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedregion/init(_:priority:content:)
  public init(
    _ position: DynamicIslandExpandedRegionPosition, priority: Double = 0,
    @ViewBuilder content: () -> Content
  ) {}
}

/// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedregionposition
public struct DynamicIslandExpandedRegionPosition: Sendable {
  /// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedregionposition/leading
  public static let leading = DynamicIslandExpandedRegionPosition()
  /// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedregionposition/trailing
  public static let trailing = DynamicIslandExpandedRegionPosition()
  /// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedregionposition/center
  public static let center = DynamicIslandExpandedRegionPosition()
  /// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedregionposition/bottom
  public static let bottom = DynamicIslandExpandedRegionPosition()
}

extension View {
  /// https://developer.apple.com/documentation/swiftui/view/widgeturl(_:)
  nonisolated public func widgetURL(_ url: URL?) -> some View { self }

  /// https://developer.apple.com/documentation/swiftui/view/activitybackgroundtint(_:)
  nonisolated public func activityBackgroundTint(_ color: Color?) -> some View { self }

  /// https://developer.apple.com/documentation/swiftui/view/activitysystemactionforegroundcolor(_:)
  nonisolated public func activitySystemActionForegroundColor(_ color: Color?) -> some View {
    self
  }
}
