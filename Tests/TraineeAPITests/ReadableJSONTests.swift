import Foundation
import Testing
import TraineeAPI

struct ReadableJSONTests {
  struct Sample: Encodable {
    var url = "https://example.com/a"
    var b = 1
    var a = [2]
  }

  @Test func sortsKeysIndentsAndLeavesSlashes() throws {
    let text = String(decoding: try ReadableJSON.data(Sample()), as: UTF8.self)
    #expect(
      text == """
        {
          "a" : [
            2
          ],
          "b" : 1,
          "url" : "https://example.com/a"
        }
        """)
  }

  @Test func aDocumentEndsWithOneLineFeed() throws {
    let data = try ReadableJSON.data(Sample())
    #expect(try ReadableJSON.document(Sample()) == data + Data([UInt8(ascii: "\n")]))
  }
}
