/// SplitMix64: a small seeded generator, so every random case can be made again from its seed.
package struct SeededGenerator: RandomNumberGenerator {
  /// The generator's state; the seed at the start.
  package var state: UInt64

  /// Creates a generator that starts from `state`.
  package init(state: UInt64) { self.state = state }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
