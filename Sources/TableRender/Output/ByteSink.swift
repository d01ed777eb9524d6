/// Where rendered UTF-8 goes: a file, standard output, or a text stream.
///
/// Renderers never write to a sink directly; they fill an ``OutputBuffer``, which hands the sink
/// large chunks. Every chunk ends on a whole Unicode scalar, so a sink may decode chunks one by
/// one.
public protocol ByteSink {
  /// Takes one chunk of UTF-8.
  ///
  /// - Parameter bytes: The chunk; valid only during the call.
  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>)
}
