/// What one page of a level shows around its table: title, breadcrumbs, its place among the
/// level's pages, and a level's load failure.
struct SitePage {
  /// A level on the path from the root: its title and its first page's file.
  struct Crumb {
    var title: String
    var file: String
  }

  /// The level's title.
  var title: String
  /// This page's file, relative to the site's folder.
  var file: String
  /// The levels from the root to this one, this one last.
  var breadcrumbs: [Crumb]
  /// This page's number, from 1.
  var number: Int
  /// How many pages the level has.
  var count: Int
  /// The file of the page before, or `nil` on the first.
  var previousFile: String?
  /// The file of the page after, or `nil` on the last.
  var nextFile: String?
  /// The message of the level's load failure, or `nil`.
  var failure: String?

  /// `title`, or `Untitled` when it shows nothing, for headings and links that must have text.
  static func displayTitle(_ title: String) -> String {
    isVisible(title) ? title : "Untitled"
  }

  /// Whether `text` shows something: a scalar that is not white space, a control, a format
  /// character (zero-width space, a bidirectional mark) or otherwise ignorable.
  ///
  /// A link or heading of invisible text has no name for a screen reader (axe's `link-name`).
  static func isVisible(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      let properties = scalar.properties
      switch properties.generalCategory {
      case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
        .unassigned, .surrogate:
        return false
      default:
        return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
          && !properties.isNoncharacterCodePoint
      }
    }
  }
}
