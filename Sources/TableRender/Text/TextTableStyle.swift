/// The lines a text table is drawn with: borders, column separators and rules.
///
/// Pick one of the built-in styles or make your own:
///
/// ```text
/// plain     compact    grid           light          rounded        heavy          double
///   a    b  a  b       +---+---+      ┌───┬───┐      ╭───┬───╮      ┏━━━┳━━━┓      ╔═══╦═══╗
///   ---  -  -  -       | a | b |      │ a │ b │      │ a │ b │      ┃ a ┃ b ┃      ║ a ║ b ║
///   1    2  1  2       +---+---+      ├───┼───┤      ├───┼───┤      ┣━━━╋━━━┫      ╠═══╬═══╣
/// ```
public struct TextTableStyle: Hashable, Sendable {
  /// The characters of one horizontal rule.
  public struct Rule: Hashable, Sendable {
    /// The character at the left end.
    public var left: Character
    /// The character repeated along the rule.
    public var fill: Character
    /// The character where a column line crosses the rule.
    public var cross: Character
    /// The character where a column line starts below the rule only.
    public var down: Character
    /// The character where a column line ends above the rule only.
    public var up: Character
    /// The character at the right end.
    public var right: Character

    /// Creates a rule from its characters.
    ///
    /// - Parameters:
    ///   - left: The left end.
    ///   - fill: The repeated character.
    ///   - cross: Where a column line crosses.
    ///   - down: Where a column line starts below.
    ///   - up: Where a column line ends above.
    ///   - right: The right end.
    public init(
      left: Character,
      fill: Character,
      cross: Character,
      down: Character,
      up: Character,
      right: Character
    ) {
      self.left = left
      self.fill = fill
      self.cross = cross
      self.down = down
      self.up = up
      self.right = right
    }
  }

  /// The box around the table and between its columns, or `nil` for a borderless table.
  public struct Box: Hashable, Sendable {
    /// The vertical line at the edges and between columns.
    public var vertical: Character
    /// The rule above the table.
    public var top: Rule
    /// The rules inside the table: under the header and around section titles.
    public var middle: Rule
    /// The rule below the table.
    public var bottom: Rule

    /// Creates a box from its lines.
    ///
    /// - Parameters:
    ///   - vertical: The vertical line.
    ///   - top: The rule above the table.
    ///   - middle: The rules inside the table.
    ///   - bottom: The rule below the table.
    public init(vertical: Character, top: Rule, middle: Rule, bottom: Rule) {
      self.vertical = vertical
      self.top = top
      self.middle = middle
      self.bottom = bottom
    }
  }

  /// The box, or `nil` for columns separated by spaces only.
  public var box: Box?
  /// For a borderless table: spaces between columns.
  public var gap: Int
  /// For a borderless table: spaces before each row, so rows stand out under section titles.
  public var indent: Int
  /// For a borderless table: the character that underlines each header title, or `nil`.
  public var headerUnderline: Character?
  /// For a borderless table: whether a blank line separates sections.
  public var separatesSections: Bool

  /// Creates a style.
  ///
  /// - Parameters:
  ///   - box: The box, or `nil` for a borderless table.
  ///   - gap: Spaces between columns of a borderless table.
  ///   - indent: Spaces before each row of a borderless table.
  ///   - headerUnderline: The character that underlines header titles of a borderless table.
  ///   - separatesSections: Whether a blank line separates sections of a borderless table.
  public init(
    box: Box?,
    gap: Int = 2,
    indent: Int = 0,
    headerUnderline: Character? = "-",
    separatesSections: Bool = true
  ) {
    self.box = box
    self.gap = max(0, gap)
    self.indent = max(0, indent)
    self.headerUnderline = headerUnderline
    self.separatesSections = separatesSections
  }

  /// Aligned columns with no lines: rows indented under their section title, header underlined.
  public static let plain = TextTableStyle(box: nil, gap: 2, indent: 2)

  /// Columns one space apart, no indent and no blank lines: the most rows on a screen.
  public static let compact = TextTableStyle(
    box: nil, gap: 1, indent: 0, separatesSections: false)

  /// A grid of ASCII `+`, `-` and `|`, safe for any terminal or log.
  public static let grid = boxed(vertical: "|", all: "+", fill: "-")

  /// Unicode box-drawing, light lines.
  public static let light = TextTableStyle(
    box: Box(
      vertical: "│",
      top: Rule(left: "┌", fill: "─", cross: "┼", down: "┬", up: "┴", right: "┐"),
      middle: Rule(left: "├", fill: "─", cross: "┼", down: "┬", up: "┴", right: "┤"),
      bottom: Rule(left: "└", fill: "─", cross: "┼", down: "┬", up: "┴", right: "┘")
    ))

  /// Unicode box-drawing, light lines with rounded corners.
  public static let rounded = TextTableStyle(
    box: Box(
      vertical: "│",
      top: Rule(left: "╭", fill: "─", cross: "┼", down: "┬", up: "┴", right: "╮"),
      middle: Rule(left: "├", fill: "─", cross: "┼", down: "┬", up: "┴", right: "┤"),
      bottom: Rule(left: "╰", fill: "─", cross: "┼", down: "┬", up: "┴", right: "╯")
    ))

  /// Unicode box-drawing, heavy lines.
  public static let heavy = TextTableStyle(
    box: Box(
      vertical: "┃",
      top: Rule(left: "┏", fill: "━", cross: "╋", down: "┳", up: "┻", right: "┓"),
      middle: Rule(left: "┣", fill: "━", cross: "╋", down: "┳", up: "┻", right: "┫"),
      bottom: Rule(left: "┗", fill: "━", cross: "╋", down: "┳", up: "┻", right: "┛")
    ))

  /// Unicode box-drawing, double lines.
  public static let double = TextTableStyle(
    box: Box(
      vertical: "║",
      top: Rule(left: "╔", fill: "═", cross: "╬", down: "╦", up: "╩", right: "╗"),
      middle: Rule(left: "╠", fill: "═", cross: "╬", down: "╦", up: "╩", right: "╣"),
      bottom: Rule(left: "╚", fill: "═", cross: "╬", down: "╦", up: "╩", right: "╝")
    ))

  private static func boxed(vertical: Character, all corner: Character, fill: Character)
    -> TextTableStyle
  {
    let rule = Rule(
      left: corner, fill: fill, cross: corner, down: corner, up: corner, right: corner)
    return TextTableStyle(box: Box(vertical: vertical, top: rule, middle: rule, bottom: rule))
  }
}
