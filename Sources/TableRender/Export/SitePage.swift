/// What one page of a level shows around its table: title, breadcrumbs, its place among the
/// level's pages, and a level's load failure.
package struct SitePage {
  /// A level on the path from the root: its title and its first page's file.
  package struct Crumb {
    package var title: String
    package var file: String

    /// A crumb with every part given.
    package init(title: String, file: String) {
      self.title = title
      self.file = file
    }
  }

  /// A line of links under the heading, such as the page's other formats: a label and the
  /// links, each a title and a file.
  package struct LinkGroup {
    package var label: String
    package var links: [Crumb]

    /// A group with every part given.
    package init(label: String, links: [Crumb]) {
      self.label = label
      self.links = links
    }
  }

  /// The level's title.
  package var title: String
  /// This page's file, relative to the site's folder.
  package var file: String
  /// The levels from the root to this one, this one last.
  package var breadcrumbs: [Crumb]
  /// This page's number, from 1.
  package var number: Int
  /// How many pages the level has.
  package var count: Int
  /// The file of the page before, or `nil` on the first.
  package var previousFile: String?
  /// The file of the page after, or `nil` on the last.
  package var nextFile: String?
  /// The message of the level's load failure, or `nil`.
  package var failure: String?

  /// A paragraph under the heading (such as the range of rows shown), or `nil`.
  package var summary: String?
  /// Lines of links under the heading, in order.
  package var linkGroups: [LinkGroup] = []

  /// A page with every part given.
  package init(
    title: String, file: String, breadcrumbs: [Crumb], number: Int, count: Int,
    previousFile: String?, nextFile: String?, failure: String?
  ) {
    self.title = title
    self.file = file
    self.breadcrumbs = breadcrumbs
    self.number = number
    self.count = count
    self.previousFile = previousFile
    self.nextFile = nextFile
    self.failure = failure
  }

  /// `title`, or `Untitled` when it shows nothing, for headings and links that must have text.
  package static func displayTitle(_ title: String) -> String {
    isVisible(title) ? title : "Untitled"
  }

  /// Whether `text` shows something: a scalar that is not white space, a control, a format
  /// character (zero-width space, a bidirectional mark) or otherwise ignorable.
  ///
  /// A link or heading of invisible text has no name for a screen reader (axe's `link-name`).
  package static func isVisible(_ text: String) -> Bool {
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
