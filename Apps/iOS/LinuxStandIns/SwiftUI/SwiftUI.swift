// Stand-in for Apple's SwiftUI, compiled on Linux only by scripts/typecheck-ios.sh so that
// Apps/iOS type-checks there. Never a package target (a target named SwiftUI would shadow Apple's
// on a Mac). Only the surface Apps/iOS uses, with the signatures Apple documents on the page cited
// beside each declaration (availability attributes dropped; protocol requirements Apps/iOS never
// implements left out); never run, so every body is a trivial stub.

import AppIntents
// On Apple platforms `import SwiftUI` makes Foundation's types (Date, URL) visible too.
@_exported import Foundation

// MARK: Views, scenes and apps

/// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency
public protocol View {
  /// https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
  associatedtype Body: View
  /// https://developer.apple.com/documentation/swiftui/view/body-swift.property
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swiftui/scene
@MainActor @preconcurrency
public protocol Scene {
  /// https://developer.apple.com/documentation/swiftui/scene/body-swift.associatedtype
  associatedtype Body: Scene
  /// https://developer.apple.com/documentation/swiftui/scene/body-swift.property
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swiftui/app
@MainActor @preconcurrency
public protocol App {
  /// https://developer.apple.com/documentation/swiftui/app/body-swift.associatedtype
  associatedtype Body: Scene
  /// https://developer.apple.com/documentation/swiftui/app/body-swift.property
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  /// https://developer.apple.com/documentation/swiftui/app/init()
  @MainActor @preconcurrency init()
}

extension App {
  /// https://developer.apple.com/documentation/swiftui/app/main()
  @MainActor @preconcurrency public static func main() {}
}

/// https://developer.apple.com/documentation/swiftui/viewmodifier
@MainActor @preconcurrency
public protocol ViewModifier {
  /// https://developer.apple.com/documentation/swiftui/viewmodifier/body-swift.associatedtype
  associatedtype Body: View
  /// https://developer.apple.com/documentation/swiftui/viewmodifier/content
  typealias Content = _ViewModifier_Content<Self>
  /// https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// https://developer.apple.com/documentation/swiftui/_viewmodifier_content
@MainActor @preconcurrency
public struct _ViewModifier_Content<Modifier>: View where Modifier: ViewModifier {
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/modifiedcontent
@MainActor @preconcurrency
public struct ModifiedContent<Content, Modifier>: View where Content: View, Modifier: ViewModifier {
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swift/never
extension Never: View, Scene {
  // `return` keeps the compiler from choosing between ViewBuilder and SceneBuilder.
  public var body: Never { return fatalError() }
}

/// https://developer.apple.com/documentation/swift/optional
extension Optional: View where Wrapped: View {
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/tupleview
@MainActor @preconcurrency
public struct TupleView<T>: View {
  /// https://developer.apple.com/documentation/swiftui/tupleview/init(_:)
  nonisolated public init(_ value: T) {}
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/_conditionalcontent
@MainActor @preconcurrency
public struct _ConditionalContent<TrueContent, FalseContent>: View
where TrueContent: View, FalseContent: View {
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
  /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
  public static func buildExpression<Content>(_ content: Content) -> Content where Content: View {
    content
  }

  /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
  public static func buildBlock() -> EmptyView { EmptyView() }

  /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: View {
    content
  }

  /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
  public static func buildBlock<each Content>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> where repeat each Content: View {
    TupleView((repeat each content))
  }

  /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
  public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View {
    content
  }

  /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
  public static func buildEither<TrueContent, FalseContent>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View { fatalError() }

  /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
  public static func buildEither<TrueContent, FalseContent>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/scenebuilder
@resultBuilder
public struct SceneBuilder {
  /// https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene {
    content
  }
}

/// https://developer.apple.com/documentation/swiftui/windowgroup
@MainActor @preconcurrency
public struct WindowGroup<Content>: Scene where Content: View {
  /// https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}

// MARK: State and environment

/// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

/// https://developer.apple.com/documentation/swiftui/state
@propertyWrapper
public struct State<Value>: DynamicProperty {
  private let value: Value

  /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
  public init(wrappedValue value: Value) { self.value = value }
  /// https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
  public init(initialValue value: Value) { self.value = value }

  /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue
  public var wrappedValue: Value {
    get { value }
    nonmutating set {}
  }
}

/// https://developer.apple.com/documentation/swiftui/environment
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  /// https://developer.apple.com/documentation/swiftui/environment/init(_:)
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
  /// https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
  public var wrappedValue: Value { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
  /// https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase
  public var scenePhase: ScenePhase { .active }
}

/// https://developer.apple.com/documentation/swiftui/scenephase
public enum ScenePhase: Comparable, Hashable, Sendable {
  /// https://developer.apple.com/documentation/swiftui/scenephase/background
  case background
  /// https://developer.apple.com/documentation/swiftui/scenephase/inactive
  case inactive
  /// https://developer.apple.com/documentation/swiftui/scenephase/active
  case active
}

// MARK: Views

/// https://developer.apple.com/documentation/swiftui/emptyview
@MainActor @preconcurrency
public struct EmptyView: View {
  /// https://developer.apple.com/documentation/swiftui/emptyview/init()
  nonisolated public init() {}
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/localizedstringkey
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
  /// https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringliteral:)
  public init(stringLiteral value: String) {}
  /// https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringinterpolation:)
  public init(stringInterpolation: DefaultStringInterpolation) {}
}

/// https://developer.apple.com/documentation/swiftui/text
@MainActor @preconcurrency
public struct Text: View, Equatable, Sendable {
  /// https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
  nonisolated public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
    comment: StaticString? = nil
  ) {}

  /// https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
  nonisolated public init<S>(_ content: S) where S: StringProtocol {}

  /// https://developer.apple.com/documentation/swiftui/text/init(_:style:)
  nonisolated public init(_ date: Date, style: Text.DateStyle) {}

  /// https://developer.apple.com/documentation/swiftui/text/init(timerinterval:pausetime:countsdown:showshours:)
  nonisolated public init(
    timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true,
    showsHours: Bool = true
  ) {}

  public var body: Never { fatalError() }

  /// https://developer.apple.com/documentation/swiftui/text/datestyle
  public struct DateStyle: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/text/datestyle/timer
    public static let timer = DateStyle()
  }
}

/// https://developer.apple.com/documentation/swiftui/image
@MainActor @preconcurrency
public struct Image: View, Equatable, Sendable {
  /// https://developer.apple.com/documentation/swiftui/image/init(systemname:)
  nonisolated public init(systemName: String) {}
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/spacer
@MainActor @preconcurrency
public struct Spacer: View {
  /// https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
  nonisolated public init(minLength: CGFloat? = nil) {}
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/hstack
@MainActor @preconcurrency
public struct HStack<Content>: View where Content: View {
  /// https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
  nonisolated public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/vstack
@MainActor @preconcurrency
public struct VStack<Content>: View where Content: View {
  /// https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
  nonisolated public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/list
@MainActor @preconcurrency
public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
  public var body: Never { fatalError() }
}

extension List where SelectionValue == Never {
  /// https://developer.apple.com/documentation/swiftui/list/init(content:)
  nonisolated public init(@ViewBuilder content: () -> Content) {}
}

/// https://developer.apple.com/documentation/swiftui/section
@MainActor @preconcurrency
public struct Section<Parent, Content, Footer>: View
where Parent: View, Content: View, Footer: View {
  public var body: Never { fatalError() }
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
  /// https://developer.apple.com/documentation/swiftui/section/init(_:content:)
  nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}

  /// https://developer.apple.com/documentation/swiftui/section/init(_:content:)
  nonisolated public init<S>(_ title: S, @ViewBuilder content: () -> Content)
  where S: StringProtocol {}
}

/// https://developer.apple.com/documentation/swiftui/foreach
@MainActor @preconcurrency
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

extension ForEach: View where Content: View {
  /// https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
  nonisolated public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {}
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/button
@MainActor @preconcurrency
public struct Button<Label>: View where Label: View {
  /// https://developer.apple.com/documentation/swiftui/button/init(action:label:)
  nonisolated public init(
    action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {}

  /// https://developer.apple.com/documentation/swiftui/button/init(intent:label:)
  nonisolated public init<I>(intent: I, @ViewBuilder label: () -> Label) where I: AppIntent {}

  public var body: Never { fatalError() }
}

extension Button where Label == Text {
  /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy
  nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
  }

  /// https://developer.apple.com/documentation/swiftui/button/init(_:intent:)
  /// (the StringProtocol overload that init(_:intent:)-7urde, the LocalizedStringKey one, names
  /// for a string variable)
  nonisolated public init(_ title: some StringProtocol, intent: some AppIntent) {}
}

/// https://developer.apple.com/documentation/swiftui/link
@MainActor @preconcurrency
public struct Link<Label>: View where Label: View {
  /// https://developer.apple.com/documentation/swiftui/link/init(destination:label:)
  nonisolated public init(destination: URL, @ViewBuilder label: () -> Label) {}
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/navigationpath
public struct NavigationPath {}

/// https://developer.apple.com/documentation/swiftui/navigationstack
@MainActor @preconcurrency
public struct NavigationStack<Data, Root>: View where Root: View {
  public var body: Never { fatalError() }
}

extension NavigationStack where Data == NavigationPath {
  /// https://developer.apple.com/documentation/swiftui/navigationstack/init(root:)
  nonisolated public init(@ViewBuilder root: () -> Root) {}
}

/// https://developer.apple.com/documentation/swiftui/progressview
@MainActor @preconcurrency
public struct ProgressView<Label, CurrentValueLabel>: View
where Label: View, CurrentValueLabel: View {
  /// https://developer.apple.com/documentation/swiftui/progressview/init(timerinterval:countsdown:label:currentvaluelabel:)
  nonisolated public init(
    timerInterval: ClosedRange<Date>, countsDown: Bool = true,
    @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel
  ) {}
  public var body: Never { fatalError() }
}

// MARK: Shapes, colours, fonts, layout values

/// https://developer.apple.com/documentation/swiftui/path
public struct Path: Equatable, Sendable {}

/// https://developer.apple.com/documentation/swiftui/shape
public protocol Shape: Sendable, View {
  /// https://developer.apple.com/documentation/swiftui/shape/path(in:)
  nonisolated func path(in rect: CGRect) -> Path
}

extension Shape {
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/roundedcornerstyle
public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
  case circular
  case continuous
}

/// https://developer.apple.com/documentation/swiftui/roundedrectangle
public struct RoundedRectangle: Shape {
  /// https://developer.apple.com/documentation/swiftui/roundedrectangle/init(cornerradius:style:)
  nonisolated public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
  nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

/// https://developer.apple.com/documentation/swiftui/capsule
public struct Capsule: Shape {
  /// https://developer.apple.com/documentation/swiftui/capsule/init(style:)
  nonisolated public init(style: RoundedCornerStyle = .continuous) {}
  nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

/// https://developer.apple.com/documentation/swiftui/fillstyle
public struct FillStyle: Equatable, Sendable {
  /// https://developer.apple.com/documentation/swiftui/fillstyle/init(eofill:antialiased:)
  public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

/// https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

/// https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle
public struct HierarchicalShapeStyle: ShapeStyle {}

extension ShapeStyle where Self == HierarchicalShapeStyle {
  /// https://developer.apple.com/documentation/swiftui/shapestyle/secondary
  public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

/// https://developer.apple.com/documentation/swiftui/tintshapestyle
public struct TintShapeStyle: ShapeStyle {}

extension ShapeStyle where Self == TintShapeStyle {
  /// https://developer.apple.com/documentation/swiftui/shapestyle/tint
  public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// https://developer.apple.com/documentation/swiftui/color
public struct Color: Hashable, Sendable, ShapeStyle {
  /// https://developer.apple.com/documentation/swiftui/color/init(_:red:green:blue:opacity:)
  nonisolated public init(
    _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
    opacity: Double = 1
  ) {}

  /// https://developer.apple.com/documentation/swiftui/color/opacity(_:)
  nonisolated public func opacity(_ opacity: Double) -> Color { self }

  /// https://developer.apple.com/documentation/swiftui/color/rgbcolorspace
  public enum RGBColorSpace: Equatable, Hashable, Sendable {
    case sRGB
    case sRGBLinear
    case displayP3
  }

  /// https://developer.apple.com/documentation/swiftui/color/black
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// https://developer.apple.com/documentation/swiftui/color/white
  public static let white = Color(red: 1, green: 1, blue: 1)
  /// https://developer.apple.com/documentation/swiftui/color/gray
  public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
  /// https://developer.apple.com/documentation/swiftui/color/red
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// https://developer.apple.com/documentation/swiftui/color/green
  public static let green = Color(red: 0, green: 1, blue: 0)
}

extension Color: View {
  public var body: Never { fatalError() }
}

extension ShapeStyle where Self == Color {
  /// https://developer.apple.com/documentation/swiftui/shapestyle/white
  public static var white: Color { Color.white }
  /// https://developer.apple.com/documentation/swiftui/shapestyle/green
  public static var green: Color { Color.green }
}

/// https://developer.apple.com/documentation/swiftui/font
public struct Font: Hashable, Sendable {
  /// https://developer.apple.com/documentation/swiftui/font/headline
  public static let headline = Font()
  /// https://developer.apple.com/documentation/swiftui/font/subheadline
  public static let subheadline = Font()
  /// https://developer.apple.com/documentation/swiftui/font/title2
  public static let title2 = Font()
  /// https://developer.apple.com/documentation/swiftui/font/title3
  public static let title3 = Font()
  /// https://developer.apple.com/documentation/swiftui/font/caption
  public static let caption = Font()
  /// https://developer.apple.com/documentation/swiftui/font/caption2
  public static let caption2 = Font()

  /// https://developer.apple.com/documentation/swiftui/font/weight(_:)
  public func weight(_ weight: Font.Weight) -> Font { self }

  /// https://developer.apple.com/documentation/swiftui/font/weight
  public struct Weight: Hashable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/font/weight/semibold
    public static let semibold = Weight()
    /// https://developer.apple.com/documentation/swiftui/font/weight/bold
    public static let bold = Weight()
  }
}

/// https://developer.apple.com/documentation/swiftui/horizontalalignment
public struct HorizontalAlignment: Equatable, Sendable {
  /// https://developer.apple.com/documentation/swiftui/horizontalalignment/leading
  public static let leading = HorizontalAlignment()
  /// https://developer.apple.com/documentation/swiftui/horizontalalignment/center
  public static let center = HorizontalAlignment()
}

/// https://developer.apple.com/documentation/swiftui/verticalalignment
public struct VerticalAlignment: Equatable, Sendable {
  /// https://developer.apple.com/documentation/swiftui/verticalalignment/center
  public static let center = VerticalAlignment()
}

/// https://developer.apple.com/documentation/swiftui/alignment
public struct Alignment: Equatable, Sendable {
  /// https://developer.apple.com/documentation/swiftui/alignment/center
  public static let center = Alignment()
}

/// https://developer.apple.com/documentation/swiftui/unitpoint
public struct UnitPoint: Hashable, Sendable {
  /// https://developer.apple.com/documentation/swiftui/unitpoint/center
  public static let center = UnitPoint()
}

/// https://developer.apple.com/documentation/swiftui/textalignment
public enum TextAlignment: Hashable, CaseIterable, Sendable {
  case leading
  case center
  case trailing
}

/// https://developer.apple.com/documentation/swiftui/edge
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
  case top, leading, bottom, trailing

  /// https://developer.apple.com/documentation/swiftui/edge/set
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/swiftui/edge/set/all
    public static let all = Set(rawValue: 15)
    /// https://developer.apple.com/documentation/swiftui/edge/set/horizontal
    public static let horizontal = Set(rawValue: 10)
    /// https://developer.apple.com/documentation/swiftui/edge/set/vertical
    public static let vertical = Set(rawValue: 5)
  }
}

// MARK: Styles

/// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle
public protocol PrimitiveButtonStyle {}

/// https://developer.apple.com/documentation/swiftui/plainbuttonstyle
public struct PlainButtonStyle: PrimitiveButtonStyle {
  /// https://developer.apple.com/documentation/swiftui/plainbuttonstyle/init()
  public init() {}
}

/// https://developer.apple.com/documentation/swiftui/borderedbuttonstyle
public struct BorderedButtonStyle: PrimitiveButtonStyle {
  /// https://developer.apple.com/documentation/swiftui/borderedbuttonstyle/init()
  public init() {}
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
  /// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/plain
  public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
  /// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/bordered
  public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

/// https://developer.apple.com/documentation/swiftui/progressviewstyle
public protocol ProgressViewStyle {}

/// https://developer.apple.com/documentation/swiftui/linearprogressviewstyle
public struct LinearProgressViewStyle: ProgressViewStyle {
  /// https://developer.apple.com/documentation/swiftui/linearprogressviewstyle/init()
  public init() {}
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
  /// https://developer.apple.com/documentation/swiftui/progressviewstyle/linear
  public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

// MARK: View modifiers

extension View {
  /// https://developer.apple.com/documentation/swiftui/view/modifier(_:)
  nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    ModifiedContent()
  }

  /// https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg
  nonisolated public func onChange<V>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View where V: Equatable { self }

  /// https://developer.apple.com/documentation/swiftui/view/padding(_:_:)
  nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
    self
  }

  /// https://developer.apple.com/documentation/swiftui/view/font(_:)
  nonisolated public func font(_ font: Font?) -> some View { self }

  /// https://developer.apple.com/documentation/swiftui/view/linelimit(_:)
  nonisolated public func lineLimit(_ number: Int?) -> some View { self }

  /// https://developer.apple.com/documentation/swiftui/view/minimumscalefactor(_:)
  nonisolated public func minimumScaleFactor(_ factor: CGFloat) -> some View { self }

  /// https://developer.apple.com/documentation/swiftui/view/monospaceddigit()
  nonisolated public func monospacedDigit() -> some View { self }

  /// https://developer.apple.com/documentation/swiftui/view/multilinetextalignment(_:)
  nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { self }

  /// https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
  nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { self }

  /// https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
  nonisolated public func frame(
    width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
  ) -> some View { self }

  /// https://developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
  nonisolated public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) -> some View { self }

  /// https://developer.apple.com/documentation/swiftui/view/background(_:in:fillstyle:)
  nonisolated public func background<S, T>(
    _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
  ) -> some View where S: ShapeStyle, T: Shape { self }

  /// https://developer.apple.com/documentation/swiftui/view/background(alignment:content:)
  nonisolated public func background<V>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> some View where V: View { self }

  /// https://developer.apple.com/documentation/swiftui/view/clipshape(_:style:)
  nonisolated public func clipShape<S>(_ shape: S, style: FillStyle = FillStyle()) -> some View
  where S: Shape { self }

  /// https://developer.apple.com/documentation/swiftui/view/buttonstyle(_:)
  nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: PrimitiveButtonStyle {
    self
  }

  /// https://developer.apple.com/documentation/swiftui/view/progressviewstyle(_:)
  nonisolated public func progressViewStyle<S>(_ style: S) -> some View
  where S: ProgressViewStyle { self }

  /// https://developer.apple.com/documentation/swiftui/view/tint(_:)-23xyq
  nonisolated public func tint(_ tint: Color?) -> some View { self }

  /// https://developer.apple.com/documentation/swiftui/view/labelshidden()
  nonisolated public func labelsHidden() -> some View { self }

  /// https://developer.apple.com/documentation/swiftui/view/scaleeffect(x:y:anchor:)
  nonisolated public func scaleEffect(
    x: CGFloat = 1.0, y: CGFloat = 1.0, anchor: UnitPoint = .center
  )
    -> some View
  { self }

  /// https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)
  nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { self }
}
