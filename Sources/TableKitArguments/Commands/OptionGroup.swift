/// Options shown under one heading in help, and possibly shared between commands.
///
/// A group written over a part of the options (the output options, say) is used by a command
/// through ``CommandOption/lifted(_:)``, as ``lifted(_:)`` does for every option in it.
package struct OptionGroup<Root> {
  /// The heading in help (`OUTPUT`).
  package var title: String
  /// The options, in the order help lists them.
  package var options: [CommandOption<Root>]

  /// A group with its heading and options.
  ///
  /// - Parameters:
  ///   - title: The heading in help.
  ///   - options: The options, in help's order.
  package init(_ title: String, _ options: [CommandOption<Root>]) {
    self.title = title
    self.options = options
  }

  /// The group over the part of a larger value at `keyPath`.
  ///
  /// - Parameter keyPath: Where the group's part is in the larger value.
  /// - Returns: The group over the larger value.
  package func lifted<Outer>(_ keyPath: WritableKeyPath<Outer, Root>) -> OptionGroup<Outer> {
    OptionGroup<Outer>(title, options.map { $0.lifted(keyPath) })
  }
}
