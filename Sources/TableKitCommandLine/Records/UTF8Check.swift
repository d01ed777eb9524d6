/// Finds the first byte that breaks UTF-8 in a field, so an error can name its offset.
enum UTF8Check {
  /// The offset of the first invalid byte in `bytes` and why, or `nil` when all are valid.
  ///
  /// The JSON tokenizer's check decides, so CSV and JSON word the same fault the same way.
  static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, why: String)? {
    let tokenizer = JSONTokenizer(path: "", bytes: Array(bytes))
    var index = 0
    while index < bytes.count {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      do {
        guard let length = try tokenizer.utf8SequenceLength(at: index) else { return nil }
        index += length
      } catch {
        guard case .invalidUTF8(let why) = error.reason else { return nil }
        // The bytes handed over are one field, not the file.
        let said = why.replacing("the file ends inside", with: "the field ends inside")
        return (error.position?.byteOffset ?? index, said)
      }
    }
    return nil
  }
}
