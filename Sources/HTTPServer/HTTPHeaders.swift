/// One header field as it was sent or is to be sent.
public struct HTTPHeaderField: Equatable, Sendable {
  /// The field name, with the case it was given.
  public var name: String
  /// The field value.
  public var value: String

  /// A header field.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// Header fields in order; names are looked up without regard to ASCII case.
public struct HTTPHeaders: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// Every field in order, repeated names included.
  public private(set) var fields: [HTTPHeaderField]

  /// Headers with the given fields, in order.
  public init(_ fields: [HTTPHeaderField] = []) {
    self.fields = fields
  }

  /// Headers from a literal such as `["Content-Type": "application/json"]`.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.fields = elements.map { HTTPHeaderField(name: $0.0, value: $0.1) }
  }

  /// The first value of the field `name` in any case; setting replaces every field of that name
  /// (`nil` removes them).
  public subscript(name: String) -> String? {
    get { fields.first { Self.namesMatch($0.name, name) }?.value }
    set {
      guard let index = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
        if let newValue { fields.append(HTTPHeaderField(name: name, value: newValue)) }
        return
      }
      let kept = fields[index]
      fields.removeAll { Self.namesMatch($0.name, name) }
      if let newValue {
        fields.insert(HTTPHeaderField(name: kept.name, value: newValue), at: index)
      }
    }
  }

  /// Every value of the field `name`, in order.
  public func values(for name: String) -> [String] {
    fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
  }

  /// Appends a field, keeping any field of the same name.
  public mutating func add(name: String, value: String) {
    fields.append(HTTPHeaderField(name: name, value: value))
  }

  /// Iterates the fields in order.
  public func makeIterator() -> IndexingIterator<[HTTPHeaderField]> {
    fields.makeIterator()
  }

  /// Whether two field names are equal ignoring ASCII case (field names are ASCII tokens).
  static func namesMatch(_ left: String, _ right: String) -> Bool {
    // NB: lengths first: most names looked for differ in length from most fields (a header
    // look-up compares every field's name until one matches, several times per request).
    left.utf8.count == right.utf8.count
      && left.utf8.elementsEqual(right.utf8) { asciiLowercase($0) == asciiLowercase($1) }
  }

  private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }
}
