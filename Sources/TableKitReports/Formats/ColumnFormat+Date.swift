import TableKit

extension ColumnFormat {
  /// A date, a time or both by this format's style or pattern.
  func dateText(_ date: DateValue, in data: LocaleData) -> String {
    switch kind {
    case .datePattern(let pattern):
      return DatePattern.format(date, pattern: pattern, in: data)
    case .dateStyle(let style):
      let index: Int
      switch style {
      case .short: index = 0
      case .medium: index = 1
      case .long: index = 2
      case .full: index = 3
      }
      // The long and full time patterns name a zone; without an offset, the medium one.
      let timeIndex = date.utcOffset == nil ? min(index, 1) : index
      switch date.kind {
      case .date:
        return DatePattern.format(date, pattern: data.dateFormats[index], in: data)
      case .time:
        return DatePattern.format(date, pattern: data.timeFormats[timeIndex], in: data)
      case .dateTime:
        let day = DatePattern.format(date, pattern: data.dateFormats[index], in: data)
        let time = DatePattern.format(date, pattern: data.timeFormats[timeIndex], in: data)
        return data.dateTimeFormats[index].replacing("{1}", with: day).replacing(
          "{0}", with: time)
      }
    default:
      return date.written
    }
  }
}
