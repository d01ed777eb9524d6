extension ZipArchiveWriter {
  /// Version needed to extract: 2.0 for DEFLATE, 4.5 for ZIP64.
  private static let deflateVersion: UInt16 = 20
  private static let zip64Version: UInt16 = 45
  /// General-purpose flags: sizes in a data descriptor (bit 3), UTF-8 names (bit 11).
  private static let flags: UInt16 = 0x0808
  /// 1980-01-01 in DOS date form; the time is 00:00:00 (0).
  private static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1

  /// Appends bytes to the archive, counting them.
  func emit(_ bytes: [UInt8]) {
    output.write(utf8: bytes)
    offset += UInt64(bytes.count)
  }

  /// Moves the encoder's compressed bytes to the archive.
  func drain(_ encoder: DeflateEncoder) {
    encoder.takeOutput { bytes in
      output.write(utf8: bytes)
      offset += UInt64(bytes.count)
    }
  }

  /// The local file header: sizes and CRC left zero (they follow in the data descriptor).
  func writeLocalHeader(_ member: Member) {
    var header = LittleEndianBytes()
    header.append32(0x0403_4B50)
    header.append16(forcesZip64 ? Self.zip64Version : Self.deflateVersion)
    header.append16(Self.flags)
    header.append16(8)
    header.append16(0)
    header.append16(Self.dosDate)
    header.append32(0)
    header.append32(0)
    header.append32(0)
    header.append16(UInt16(member.name.count))
    header.append16(forcesZip64 ? 20 : 0)
    header.append(member.name)
    if forcesZip64 {
      header.append16(0x0001)
      header.append16(16)
      header.append64(0)
      header.append64(0)
    }
    emit(header.bytes)
  }

  /// The data descriptor: CRC-32 and sizes, 64-bit when a size needs it (or ZIP64 is forced).
  func writeDescriptor(_ member: Member) {
    var descriptor = LittleEndianBytes()
    descriptor.append32(0x0807_4B50)
    descriptor.append32(member.crc)
    if forcesZip64 || member.size >= Self.classicLimit
      || member.compressedSize >= Self.classicLimit
    {
      descriptor.append64(member.compressedSize)
      descriptor.append64(member.size)
    } else {
      descriptor.append32(UInt32(member.compressedSize))
      descriptor.append32(UInt32(member.size))
    }
    emit(descriptor.bytes)
  }

  /// The member's central directory header, with a ZIP64 extra field for the fields that
  /// overflow (or all three when ZIP64 is forced).
  func writeDirectoryEntry(_ member: Member) {
    var extra = LittleEndianBytes()
    let bigSize = forcesZip64 || member.size >= Self.classicLimit
    let bigCompressed = forcesZip64 || member.compressedSize >= Self.classicLimit
    let bigOffset = forcesZip64 || member.offset >= Self.classicLimit
    if bigSize { extra.append64(member.size) }
    if bigCompressed { extra.append64(member.compressedSize) }
    if bigOffset { extra.append64(member.offset) }
    let usesZip64 = !extra.bytes.isEmpty
    var entry = LittleEndianBytes()
    entry.append32(0x0201_4B50)
    // Made by: version 4.5 on MS-DOS (attributes in the DOS form, all zero).
    entry.append16(Self.zip64Version)
    entry.append16(usesZip64 ? Self.zip64Version : Self.deflateVersion)
    entry.append16(Self.flags)
    entry.append16(8)
    entry.append16(0)
    entry.append16(Self.dosDate)
    entry.append32(member.crc)
    entry.append32(bigCompressed ? 0xFFFF_FFFF : UInt32(member.compressedSize))
    entry.append32(bigSize ? 0xFFFF_FFFF : UInt32(member.size))
    entry.append16(UInt16(member.name.count))
    entry.append16(usesZip64 ? UInt16(4 + extra.bytes.count) : 0)
    entry.append16(0)
    entry.append16(0)
    entry.append16(0)
    entry.append32(0)
    entry.append32(bigOffset ? 0xFFFF_FFFF : UInt32(member.offset))
    entry.append(member.name)
    if usesZip64 {
      entry.append16(0x0001)
      entry.append16(UInt16(extra.bytes.count))
      entry.append(extra.bytes)
    }
    emit(entry.bytes)
  }
}
