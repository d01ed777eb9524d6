/// What follows an option on the command line.
package enum OptionKind: Equatable, Sendable {
  /// Nothing: the option is a switch (`--wrap`).
  case flag
  /// A value, shown in help as the placeholder (`<n>`).
  case value(placeholder: String)
  /// A path to a file or folder, shown in help as the placeholder (`<file>`); apart from
  /// other values so that how paths are read can change in one place.
  case path(placeholder: String)
}
