// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "a log read straight from the tree": a type read in
// one pass over each object's members, and the member readers it is built from; each reads a
// member exactly as `JSONTreeDecoder` would, or gives up.

/// A type read straight from a `JSONTree` when the tree has the plain shape it expects.
package protocol PlainTreeDecodable {
  /// The value `tree` holds, as `init(from:)` would read it; `nil` when `tree` is anything but
  /// the plain shape (`init(from:)` then decides, and names what is wrong).
  init?(plainTree tree: JSONTree)
}

/// Whether `name` is no member of `Key`: a member of the client's own, which `init(from:)`
/// ignores as well. A one-pass read skips only these; a member of `Key` it has no case for makes
/// it give up, so `init(from:)` reads that member rather than the one pass dropping it.
package func isExtraMember<Key: CodingKey>(_ name: String, of _: Key.Type) -> Bool {
  Key(stringValue: name) == nil
}

// Each reads one member's value into `slot` as the tree decoder would, and returns `false` when
// that decoder would refuse it. A required member is a non-null value; `decodeOptional`'s is
// absent, null, or a value.

/// An array whose every item reads in one pass.
package func plainArray<Item: PlainTreeDecodable>(_ tree: JSONTree, _ slot: inout [Item]?) -> Bool {
  guard case .array(let items) = tree else { return false }
  var read: [Item] = []
  read.reserveCapacity(items.count)
  for item in items {
    guard let value = Item(plainTree: item) else { return false }
    read.append(value)
  }
  slot = read
  return true
}

package func plainString(_ tree: JSONTree, _ slot: inout String?) -> Bool {
  guard case .string(let text) = tree else { return false }
  slot = text
  return true
}

/// Also read by a day save's body (PlainDayBody.swift).
package func plainOptional(_ tree: JSONTree, _ slot: inout String?) -> Bool {
  if case .null = tree { return true }
  return plainString(tree, &slot)
}

package func plainBool(_ tree: JSONTree, _ slot: inout Bool?) -> Bool {
  guard case .bool(let flag) = tree else { return false }
  slot = flag
  return true
}

package func plainOptionalBool(_ tree: JSONTree, _ slot: inout Bool?) -> Bool {
  if case .null = tree { return true }
  return plainBool(tree, &slot)
}

/// As `treeInteger`: the number's text read exactly, or a value that is exactly whole.
package func plainInt(_ tree: JSONTree, _ slot: inout Int?) -> Bool {
  guard case .number(let number) = tree,
    let whole = Int(number.text) ?? Int(exactly: number.value)
  else { return false }
  slot = whole
  return true
}

package func plainOptionalInt(_ tree: JSONTree, _ slot: inout Int?) -> Bool {
  if case .null = tree { return true }
  return plainInt(tree, &slot)
}

package func plainOptionalDouble(_ tree: JSONTree, _ slot: inout Double?) -> Bool {
  switch tree {
  case .null: return true
  case .number(let number):
    slot = number.value
    return true
  default: return false
  }
}
