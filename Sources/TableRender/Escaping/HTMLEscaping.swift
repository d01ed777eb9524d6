/// Escapes untrusted text for HTML text and attribute values.
///
/// `&`, `<`, `>`, `"` and `'` become character references, so text can never become markup or end
/// an attribute. Characters HTML forbids in documents (NUL, C0 controls other than tab, line feed
/// and carriage return, and noncharacters) become U+FFFD, the replacement character.
package enum HTMLEscaping {
  /// `text` escaped for use as HTML text or a quoted attribute value.
  package static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default:
        result.unicodeScalars.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
      }
    }
    return result
  }

  /// Whether HTML forbids `scalar` in a document.
  package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    switch value {
    case 0x09, 0x0A, 0x0D: return false
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0xFDD0...0xFDEF: return true
    default: return value & 0xFFFE == 0xFFFE
    }
  }

  /// `kind` made into a CSS class name: letters, digits, `-` and `_` kept, anything else `-`.
  package static func className(_ kind: String) -> String {
    let name = String(
      kind.unicodeScalars.map { scalar -> Character in
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": Character(scalar)
        default: "-"
        }
      }
    )
    return name.isEmpty ? "default" : name
  }
}
