/// The mark a row shows at its trailing edge, as in UIKit's `UITableViewCell.AccessoryType`.
public enum CellAccessory: Hashable, Sendable, CaseIterable {
  /// No mark.
  case none
  /// A chevron saying that selecting the row leads one level deeper.
  case disclosureIndicator
  /// A checkmark, for a chosen option.
  case checkmark
  /// A button that shows more about the row without selecting it.
  case detailButton
}
