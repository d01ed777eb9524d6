package import TableKit

/// Dates and times as spreadsheet serial numbers in the 1900 date system.
///
/// A serial number counts days: 1 is 1900-01-01, and the fraction is the time of day. Lotus
/// 1-2-3 took 1900 for a leap year, and Excel kept it: serial 60 is the day 1900-02-29 that
/// never was, so 1900-03-01 is 61. Dates from 1900-03-01 on are days since 1899-12-30; dates
/// before it, days since 1899-12-31. A date before 1900-01-01 has no serial number.
package enum XLSXSerialDate {
  /// The number format of a date with no time.
  static let dateFormat = "yyyy-mm-dd"

  /// Days from 0001-01-01 (day 0) to the given day of the proleptic Gregorian calendar.
  static func ordinal(year: Int, month: Int, day: Int) -> Int {
    // Howard Hinnant's days_from_civil, shifted to count from 0001-01-01.
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468 + 719_162
  }

  /// The serial day number of a calendar day, or `nil` before 1900-01-01.
  ///
  /// - Parameters:
  ///   - year: The year.
  ///   - month: The month, 1 through 12.
  ///   - day: The day of the month.
  /// - Returns: The serial number (1 for 1900-01-01, 61 for 1900-03-01).
  package static func serialDay(year: Int, month: Int, day: Int) -> Int? {
    let days = ordinal(year: year, month: month, day: day) - ordinal(year: 1899, month: 12, day: 31)
    guard days >= 1 else { return nil }
    return days >= 60 ? days + 1 : days
  }

  /// The fraction of a day a time of day is, as a decimal text exact to the second's
  /// nanoseconds (`0.5` for noon).
  ///
  /// - Parameter date: A value whose time fields are read.
  /// - Returns: The seconds since midnight over 86,400.
  package static func dayFraction(of date: DateValue) -> Double {
    let seconds = Double(date.hour * 3600 + date.minute * 60 + date.second)
    return (seconds + Double(date.nanosecond) / 1e9) / 86_400
  }
}
