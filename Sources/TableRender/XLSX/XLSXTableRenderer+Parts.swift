extension XLSXTableRenderer {
  static let contentTypes = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
    <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
    <Default Extension="xml" ContentType="application/xml"/>\
    <Override PartName="/xl/workbook.xml" \
    ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
    <Override PartName="/xl/worksheets/sheet1.xml" \
    ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
    <Override PartName="/xl/styles.xml" \
    ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
    </Types>
    """

  static let packageRelationships = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
    <Relationship Id="rId1" \
    Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" \
    Target="xl/workbook.xml"/></Relationships>
    """

  static let workbookRelationships = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
    <Relationship Id="rId1" \
    Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" \
    Target="worksheets/sheet1.xml"/>\
    <Relationship Id="rId2" \
    Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" \
    Target="styles.xml"/></Relationships>
    """

  /// The sheet's name as Excel allows it: `: \ / ? * [ ]` replaced by `_`, at most 31
  /// characters, not empty.
  var allowedSheetName: String {
    let forbidden: Set<Character> = [":", "\\", "/", "?", "*", "[", "]"]
    let cleaned = String(sheetName.map { forbidden.contains($0) ? "_" : $0 }.prefix(31))
    return cleaned.isEmpty ? "Sheet1" : cleaned
  }

  /// Starts a workbook's archive: the package parts, then the sheet's member, open for its
  /// XML.
  func beginArchive(sink: any ByteSink) -> ZipArchiveWriter {
    let archive = ZipArchiveWriter(sink: sink)
    archive.beginMember(named: "[Content_Types].xml")
    archive.write(Array(Self.contentTypes.utf8))
    archive.beginMember(named: "_rels/.rels")
    archive.write(Array(Self.packageRelationships.utf8))
    archive.beginMember(named: "xl/_rels/workbook.xml.rels")
    archive.write(Array(Self.workbookRelationships.utf8))
    archive.beginMember(named: "xl/worksheets/sheet1.xml")
    return archive
  }

  /// Ends a workbook's archive once its sheet is written: the workbook part, the styles, the
  /// central directory.
  func endArchive(
    _ archive: ZipArchiveWriter, lastColumn: String?, filteredRows: ClosedRange<Int>?,
    styles: XLSXStyles
  ) {
    archive.beginMember(named: "xl/workbook.xml")
    archive.write(Array(workbook(columns: lastColumn, filteredRows: filteredRows).utf8))
    archive.beginMember(named: "xl/styles.xml")
    archive.write(Array(styles.document().utf8))
    archive.finish()
  }

  /// `xl/workbook.xml`, with the autofilter's hidden name when the sheet has one.
  func workbook(columns lastColumn: String?, filteredRows: ClosedRange<Int>?) -> String {
    var xml = """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" \
      xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
      <workbookPr date1904="false"/><sheets>
      """
    let name = XLSXStyles.attribute(allowedSheetName)
    xml += "<sheet name=\"\(name)\" sheetId=\"1\" r:id=\"rId1\"/></sheets>"
    if let lastColumn, let filteredRows {
      let quoted = "'" + allowedSheetName.replacingAll("'", with: "''") + "'"
      xml +=
        "<definedNames><definedName name=\"_xlnm._FilterDatabase\" localSheetId=\"0\" "
        + "hidden=\"1\">\(XLSXStyles.attribute(quoted))!$A$\(filteredRows.lowerBound):"
        + "$\(lastColumn)$\(filteredRows.upperBound)</definedName></definedNames>"
    }
    return xml + "</workbook>"
  }
}

extension String {
  /// The string with every `target` replaced by `replacement`.
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
