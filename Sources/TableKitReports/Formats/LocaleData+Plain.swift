extension LocaleData {
  /// The locale-free conventions: POSIX numbers without grouping (`-1234.5`), currencies as their
  /// code before the amount (`EUR 1234.50`, the way `Money` writes itself), ISO 8601
  /// dates and 24-hour times, English names for patterns that ask for a month or a weekday.
  static let plain = LocaleData(
    identifier: "en_US_POSIX",
    symbols: [".", "", "-", "+", "%", "E"],
    numberPatterns: ["0.###", "0%", "0.###E0", "¤ 0.00;¤ -0.00", "¤ 0.00;¤ -0.00"],
    currencySymbols: [],
    months: [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
      "Sep", "Oct", "Nov", "Dec",
    ],
    weekdays: [
      "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
      "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun",
      "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
      "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun",
    ],
    periods: ["AM", "PM"], eras: ["Anno Domini", "AD"],
    dateFormats: ["yyyy-MM-dd", "yyyy-MM-dd", "yyyy-MM-dd", "yyyy-MM-dd"],
    timeFormats: ["HH:mm", "HH:mm:ss", "HH:mm:ss", "HH:mm:ss"],
    dateTimeFormats: ["{1}T{0}", "{1}T{0}", "{1}T{0}", "{1}T{0}"])
}
