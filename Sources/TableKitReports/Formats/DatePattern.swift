package import TableKit

/// Writes a `DateValue` by a CLDR date pattern (UTS #35 date field symbols), the way
/// babel's `DateTimeFormat` writes a Python `date`, `time` or `datetime`.
package enum DatePattern {
  /// The value written by `pattern` with the names of `data`.
  ///
  /// - Parameters:
  ///   - date: The value.
  ///   - pattern: A CLDR pattern such as `d MMMM y`.
  ///   - data: The locale's names.
  /// - Returns: The text.
  package static func format(_ date: DateValue, pattern: String, in data: LocaleData) -> String {
    var result = ""
    let characters = Array(pattern)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "'" {
        // '' is an apostrophe; 'text' is text (an unclosed quote runs to the end).
        if index + 1 < characters.count, characters[index + 1] == "'" {
          result.append("'")
          index += 2
          continue
        }
        index += 1
        while index < characters.count {
          if characters[index] == "'" {
            if index + 1 < characters.count, characters[index + 1] == "'" {
              result.append("'")
              index += 2
              continue
            }
            break
          }
          result.append(characters[index])
          index += 1
        }
        index += 1
        continue
      }
      guard character.isASCII, character.isLetter else {
        result.append(character)
        index += 1
        continue
      }
      var count = 1
      while index + count < characters.count, characters[index + count] == character {
        count += 1
      }
      result += field(character, count: count, of: date, in: data)
      index += count
    }
    return result
  }

  // swift-format-ignore: CyclomaticComplexity
  private static func field(
    _ letter: Character, count: Int, of date: DateValue, in data: LocaleData
  )
    -> String
  {
    switch letter {
    case "G": return count == 4 ? data.eras[0] : data.eras[1]
    case "y", "u", "Y":
      return count == 2 ? padded(date.year % 100, 2) : padded(date.year, count)
    case "M", "L":
      switch count {
      case 1, 2: return padded(date.month, count)
      case 3: return data.months[12 + date.month - 1]
      default: return data.months[date.month - 1]
      }
    case "d": return padded(date.day, count)
    case "D": return padded(dayOfYear(date), count)
    case "E": return data.weekdays[(count == 4 ? 0 : 7) + weekday(date)]
    case "c", "e":
      if count <= 2 { return padded(weekday(date) + 1, count) }
      return data.weekdays[(count == 4 ? 14 : 21) + weekday(date)]
    case "a", "b", "B": return data.periods[date.hour < 12 ? 0 : 1]
    case "H": return padded(date.hour, count)
    case "k": return padded(date.hour == 0 ? 24 : date.hour, count)
    case "h": return padded(date.hour % 12 == 0 ? 12 : date.hour % 12, count)
    case "K": return padded(date.hour % 12, count)
    case "m": return padded(date.minute, count)
    case "s": return padded(date.second, count)
    case "S":
      let nanoseconds = padded(date.nanosecond, 9)
      return count <= 9
        ? String(nanoseconds.prefix(count))
        : nanoseconds + String(repeating: "0", count: count - 9)
    case "z", "Z", "O", "v", "V", "x", "X":
      return zone(letter, count: count, offset: date.utcOffset)
    default: return String(repeating: letter, count: count)
    }
  }

  /// The UTC offset: `GMT+2` (`z`–`zzz`, `O`), `GMT+02:00` (`zzzz`, `OOOO`, `ZZZZ`), `+0200`
  /// (`Z`–`ZZZ`), `+02:00` or `Z` (`X`, `x`); nothing for a value without one.
  private static func zone(_ letter: Character, count: Int, offset: Int?) -> String {
    guard let offset else { return "" }
    let sign = offset < 0 ? "-" : "+"
    let hours = offset.magnitude / 3600
    let minutes = offset.magnitude % 3600 / 60
    let long = sign + padded(Int(hours), 2) + ":" + padded(Int(minutes), 2)
    switch letter {
    case "Z" where count < 4:
      return sign + padded(Int(hours), 2) + padded(Int(minutes), 2)
    case "X", "x":
      if offset == 0, letter == "X" { return "Z" }
      return count == 1
        ? sign + padded(Int(hours), 2) + (minutes == 0 ? "" : padded(Int(minutes), 2)) : long
    case "z" where count < 4, "O" where count < 4, "v", "V":
      if offset == 0 { return "GMT" }
      return "GMT" + sign + String(hours) + (minutes == 0 ? "" : ":" + padded(Int(minutes), 2))
    default:
      return offset == 0 ? "GMT" : "GMT" + long
    }
  }

  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }

  /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
  package static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The weekday, 0 for Monday through 6 for Sunday.
  private static func weekday(_ date: DateValue) -> Int {
    let days = daysSinceEpoch(year: date.year, month: date.month, day: date.day)
    // 1970-01-01 was a Thursday (3).
    return ((days + 3) % 7 + 7) % 7
  }

  private static func dayOfYear(_ date: DateValue) -> Int {
    daysSinceEpoch(year: date.year, month: date.month, day: date.day)
      - daysSinceEpoch(year: date.year, month: 1, day: 1) + 1
  }
}
