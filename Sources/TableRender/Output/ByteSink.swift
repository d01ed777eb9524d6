/// Where rendered UTF-8 goes: a file, standard output, a text stream, or a counter.
///
/// Renderers never write to a sink directly; they fill an ``OutputBuffer``, which hands the sink
/// chunks of about 64 KiB. Every chunk ends on a whole Unicode scalar, so a sink may decode chunks
/// one by one. Sinks are objects: keep a reference to yours to read what it gathered (a byte
/// count, a write error) after rendering.
public protocol ByteSink: AnyObject {
  /// Takes one chunk of UTF-8.
  ///
  /// - Parameter bytes: The chunk; valid only during the call.
  func write(_ bytes: UnsafeBufferPointer<UInt8>)
}
