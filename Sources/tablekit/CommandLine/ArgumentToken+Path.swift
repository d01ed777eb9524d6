import TableKit
import TableKitArguments
import TableKitFiles

extension ArgumentToken {
  /// The token as a file's path: its exact bytes from `argv`, carried in a `String` by
  /// `BytePath`, so a name that is not UTF-8 opens that file and no other.
  var path: String {
    BytePath.argument(index, text: text, attached: part == .attachedValue)
  }
}
