// Fuzzes the display-width measures against the slow path: the sum of `DisplayWidth.of(_:)`
// over the text's grapheme clusters (Swift `Character`s).
//
// - `DisplayWidth.of(String)` takes three shortcuts before breaking text into clusters; each
//   must give the cluster sum.
// - `TerminalMeasure.of(_:)` must say `needsEscaping` exactly when the text holds something a
//   terminal must not get, and otherwise either the cluster sum or `needsClusters`.
// - `TerminalMeasure.fits(_:within:)` may only say yes when the text needs no escaping and is
//   no wider than asked.
//
// Input: one byte of a column limit, then the text.

@testable import TableRender

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzWidth(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
  let limit = input.choice(256)
  let text = input.rest()
  checkWidth(text, limit: limit)
  return 0
}

/// Whether a terminal must never get `scalar` raw (see `isTerminalControl`: controls, bidi
/// overrides, isolates and marks, line and paragraph separators).
private func needsTerminalEscaping(_ scalar: Unicode.Scalar) -> Bool {
  isTerminalControl(scalar)
}

private func checkWidth(_ text: String, limit: Int) {
  var slow = 0
  for character in text { slow += DisplayWidth.of(character) }
  expectEqual(
    DisplayWidth.of(text), slow, "DisplayWidth.of differs from the cluster sum", input: text)
  let needsEscaping = text.unicodeScalars.contains(where: needsTerminalEscaping)
  switch TerminalMeasure.of(text) {
  case .needsEscaping:
    if !needsEscaping {
      fail("TerminalMeasure says needsEscaping for text with no control", [text])
    }
  case .needsClusters:
    if needsEscaping { fail("TerminalMeasure misses a control (needsClusters)", [text]) }
  case .width(let width):
    if needsEscaping { fail("TerminalMeasure misses a control", [text, width]) }
    expectEqual(width, slow, "TerminalMeasure's width differs from the cluster sum", input: text)
  }
  if TerminalMeasure.fits(text, within: limit) {
    if needsEscaping { fail("TerminalMeasure.fits passes text that needs escaping", [text]) }
    if slow > limit {
      fail("TerminalMeasure.fits passes text that is too wide", [text, limit, slow])
    }
  }
}
