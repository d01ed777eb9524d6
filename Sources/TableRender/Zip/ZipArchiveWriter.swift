/// A ZIP archive written as a stream: each member's local header, its DEFLATE data and a data
/// descriptor go out as they are made, and the central directory (a few dozen bytes per member)
/// is kept until ``finish()`` writes it at the end.
///
/// Members are always deflated with ``DeflateEncoder``; their sizes and CRC-32 follow the data
/// in a data descriptor (general-purpose flag bit 3), so nothing is held back or written twice.
/// Names are UTF-8 (flag bit 11). Every member carries the same time stamp, 1980-01-01 00:00
/// (the earliest DOS date), so the same input always gives the same archive.
///
/// ZIP64 is used where the classic fields overflow: a member of 4 GiB or more gets a 64-bit data
/// descriptor and a ZIP64 extra field in the central directory, and an archive whose central
/// directory starts past 4 GiB (or that has more than 65,535 members) gets the ZIP64 end
/// records. ``forcesZip64`` writes every ZIP64 structure even for small archives, for tests.
///
/// The archive's bytes go to the sink of an ``OutputBuffer`` of its own; a member's uncompressed
/// bytes come in through ``write(_:)``, or through an ``OutputBuffer`` whose sink is the writer
/// itself (it is a ``ByteSink``).
///
/// ```swift
/// let archive = ZipArchiveWriter(sink: FileDescriptorSink.standardOutput)
/// archive.beginMember(named: "hello.txt")
/// archive.write(Array("hello\n".utf8))
/// archive.finish()
/// ```
package final class ZipArchiveWriter: ByteSink {
  /// One member's central directory facts.
  struct Member {
    var name: [UInt8]
    var offset: UInt64
    var crc: UInt32 = 0
    var compressedSize: UInt64 = 0
    var size: UInt64 = 0
  }

  var output: OutputBuffer
  private var members: [Member] = []
  private var current: (member: Member, encoder: DeflateEncoder, crc: CRC32)?
  var offset: UInt64 = 0
  /// Whether every ZIP64 structure is written even when no field overflows.
  package let forcesZip64: Bool

  static let classicLimit: UInt64 = 0xFFFF_FFFF

  /// A writer that sends the archive to `sink`.
  ///
  /// - Parameters:
  ///   - sink: Where the archive's bytes go.
  ///   - forcesZip64: Whether to write ZIP64 structures even when nothing needs them.
  package init(sink: any ByteSink, forcesZip64: Bool = false) {
    output = OutputBuffer(sink: sink)
    self.forcesZip64 = forcesZip64
  }

  /// Ends the member being written, if any, and starts one named `name` (a path inside the
  /// archive, `/`-separated).
  ///
  /// - Parameter name: The member's name.
  package func beginMember(named name: String) {
    endMember()
    let member = Member(name: Array(name.utf8), offset: offset)
    writeLocalHeader(member)
    current = (member, DeflateEncoder(), CRC32())
  }

  /// Compresses the next bytes of the current member (also the ``ByteSink`` side: a buffer
  /// whose sink is the writer fills the open member).
  ///
  /// - Parameter bytes: The bytes; ignored when no member is open.
  package func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard current != nil else { return }
    current?.crc.update(bytes)
    current?.member.size += UInt64(bytes.count)
    guard let encoder = current?.encoder else { return }
    encoder.compress(bytes)
    drain(encoder)
  }

  /// Compresses the bytes of an array into the current member.
  ///
  /// - Parameter bytes: The bytes.
  package func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write($0) }
  }

  /// Ends the current member: its last block and its data descriptor.
  package func endMember() {
    guard let open = current else { return }
    current = nil
    var member = open.member
    open.encoder.finish()
    drain(open.encoder)
    member.crc = open.crc.value
    member.compressedSize = UInt64(open.encoder.bytesOut)
    writeDescriptor(member)
    members.append(member)
  }

  /// Ends the current member and writes the central directory and the end records, then
  /// flushes everything to the sink.
  package func finish() {
    endMember()
    let directoryStart = offset
    for member in members { writeDirectoryEntry(member) }
    let directorySize = offset - directoryStart
    let needsZip64 =
      forcesZip64 || members.count >= 0xFFFF || directoryStart >= Self.classicLimit
      || directorySize >= Self.classicLimit
    if needsZip64 {
      let recordOffset = offset
      var record = LittleEndianBytes()
      record.append32(0x0606_4B50)
      record.append64(44)
      record.append16(45)
      record.append16(45)
      record.append32(0)
      record.append32(0)
      record.append64(UInt64(members.count))
      record.append64(UInt64(members.count))
      record.append64(directorySize)
      record.append64(directoryStart)
      record.append32(0x0706_4B50)
      record.append32(0)
      record.append64(recordOffset)
      record.append32(1)
      emit(record.bytes)
    }
    var end = LittleEndianBytes()
    end.append32(0x0605_4B50)
    end.append16(0)
    end.append16(0)
    let count = needsZip64 ? 0xFFFF : UInt16(members.count)
    end.append16(count)
    end.append16(count)
    end.append32(needsZip64 ? 0xFFFF_FFFF : UInt32(directorySize))
    end.append32(needsZip64 ? 0xFFFF_FFFF : UInt32(directoryStart))
    end.append16(0)
    emit(end.bytes)
    output.flush()
  }

}
