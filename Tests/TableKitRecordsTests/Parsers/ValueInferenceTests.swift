import TableKitRecords
import TableKitTestSupport
import Testing

/// `ValueInference.isNumber` answers as `number(_:)` does, without making the number.
@Suite struct ValueInferenceTests {
  static func isNumber(_ text: String) -> (fast: Bool, made: Bool) {
    Array(text.utf8).withUnsafeBufferPointer {
      (ValueInference.isNumber($0), ValueInference.number($0) != nil)
    }
  }

  @Test func isNumberIsWhatNumberMakes() {
    // Checked by hand: which of these are numbers.
    let numbers = [
      "0", "-1", "-16651.47", "7.25", "123456789012345678", "-12345678901234567.5",
      "1234567890123456789012", "-0.5", "10",
    ]
    let text = [
      "-", "-0", "-0.00", "01", "-01.5", "1.", ".5", "1e5", "-x", "1.2.3", "+1", "1,5", " 1", "",
      "-.5", "--1",
    ]
    for number in numbers {
      #expect(Self.isNumber(number) == (true, true), "\(number)")
    }
    for text in text where !text.isEmpty {
      #expect(Self.isNumber(text) == (false, false), "\(text)")
    }
    // And the two agree on random strings of the characters numbers are made of, around the
    // 18 characters where the short path ends.
    var generator = SeededGenerator(state: 18)
    let characters = Array("-0123456789.".utf8) + [UInt8(ascii: "0"), UInt8(ascii: "x")]
    var disagreements: [String] = []
    for _ in 0..<50_000 {
      let length = Int(generator.next() % 24) + 1
      let text = String(
        decoding: (0..<length).map { _ in
          characters[Int(generator.next() % UInt64(characters.count))]
        }, as: UTF8.self)
      let answers = Self.isNumber(text)
      if answers.fast != answers.made { disagreements.append(text) }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }
}
