/// A calendar date, a time of day or both, as the input wrote it and as the numbers it names.
///
/// The written text is what a plain table shows, so reading a column as dates changes nothing in
/// plain output; the parsed fields are what a report's date format and a workbook's serial date
/// are made from. The value has no time zone of its own: an offset from UTC is kept when the text
/// had one and is otherwise `nil` (a "local" or "floating" time, as in ISO 8601).
///
/// ```swift
/// let day = DateValue(written: "2024-02-29", year: 2024, month: 2, day: 29)
/// let values: [CellValue] = [day.map(CellValue.date) ?? .empty]
/// ```
public struct DateValue: Hashable, Sendable {
  /// What a value names.
  public enum Kind: Hashable, Sendable {
    /// A calendar day.
    case date
    /// A time of day.
    case time
    /// A calendar day and a time of day.
    case dateTime
  }

  /// What the value names: a day, a time or both.
  public let kind: Kind
  /// The text as the input wrote it.
  public let written: String
  /// The year in the proleptic Gregorian calendar (1 for a time alone).
  public let year: Int
  /// The month, 1 through 12 (1 for a time alone).
  public let month: Int
  /// The day of the month, 1 through 31 (1 for a time alone).
  public let day: Int
  /// The hour, 0 through 23 (0 for a date alone).
  public let hour: Int
  /// The minute, 0 through 59.
  public let minute: Int
  /// The second, 0 through 59.
  public let second: Int
  /// The fraction of the second in nanoseconds, 0 through 999,999,999.
  public let nanosecond: Int
  /// The offset from UTC in seconds when the text gave one (`+02:00` is 7200), else `nil`.
  public let utcOffset: Int?

  /// Creates a calendar day, or `nil` when the day does not exist (such as 2023-02-29) or the
  /// year is outside 1…9999.
  ///
  /// - Parameters:
  ///   - written: The text as the input wrote it.
  ///   - year: The year, 1 through 9999.
  ///   - month: The month, 1 through 12.
  ///   - day: The day of the month.
  public init?(written: String, year: Int, month: Int, day: Int) {
    self.init(
      kind: .date, written: written, year: year, month: month, day: day, hour: 0, minute: 0,
      second: 0, nanosecond: 0, utcOffset: nil)
  }

  /// Creates a time of day, or `nil` when a field is out of range.
  ///
  /// - Parameters:
  ///   - written: The text as the input wrote it.
  ///   - hour: The hour, 0 through 23.
  ///   - minute: The minute, 0 through 59.
  ///   - second: The second, 0 through 59.
  ///   - nanosecond: The fraction of the second in nanoseconds.
  ///   - utcOffset: The offset from UTC in seconds, within ±18 hours, if the text gave one.
  public init?(
    written: String, hour: Int, minute: Int, second: Int = 0, nanosecond: Int = 0,
    utcOffset: Int? = nil
  ) {
    self.init(
      kind: .time, written: written, year: 1, month: 1, day: 1, hour: hour, minute: minute,
      second: second, nanosecond: nanosecond, utcOffset: utcOffset)
  }

  /// Creates a day and a time of day, or `nil` when the day does not exist or a field is out of
  /// range.
  ///
  /// - Parameters:
  ///   - written: The text as the input wrote it.
  ///   - year: The year, 1 through 9999.
  ///   - month: The month, 1 through 12.
  ///   - day: The day of the month.
  ///   - hour: The hour, 0 through 23.
  ///   - minute: The minute, 0 through 59.
  ///   - second: The second, 0 through 59.
  ///   - nanosecond: The fraction of the second in nanoseconds.
  ///   - utcOffset: The offset from UTC in seconds, within ±18 hours, if the text gave one.
  public init?(
    written: String, year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0,
    nanosecond: Int = 0, utcOffset: Int? = nil
  ) {
    self.init(
      kind: .dateTime, written: written, year: year, month: month, day: day, hour: hour,
      minute: minute, second: second, nanosecond: nanosecond, utcOffset: utcOffset)
  }

  private init?(
    kind: Kind, written: String, year: Int, month: Int, day: Int, hour: Int, minute: Int,
    second: Int, nanosecond: Int, utcOffset: Int?
  ) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day), (0...23).contains(hour),
      (0...59).contains(minute), (0...59).contains(second),
      (0...999_999_999).contains(nanosecond), (-64_800...64_800).contains(utcOffset ?? 0)
    else { return nil }
    self.kind = kind
    self.written = written
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
    self.nanosecond = nanosecond
    self.utcOffset = utcOffset
  }

  /// The number of days in a month of the proleptic Gregorian calendar.
  ///
  /// - Parameters:
  ///   - month: The month, 1 through 12.
  ///   - year: The year.
  /// - Returns: 28 through 31.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

extension DateValue: CustomStringConvertible {
  /// The text as the input wrote it.
  public var description: String { written }
}
