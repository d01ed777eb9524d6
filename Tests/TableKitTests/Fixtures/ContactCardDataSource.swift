import TableKit

/// One contact's card: phone numbers, addresses and e-mail addresses in three titled sections.
///
/// It never looks at the type of what it shows; each type's representation decides.
final class ContactCardDataSource: TableDataSource {
  let contact: Contact
  var representations = RepresentationRegistry()
  private let sections: [(title: String, items: [Any])]

  init(contact: Contact) {
    self.contact = contact
    var sections: [(title: String, items: [Any])] = [
      ("Phone", contact.phoneNumbers),
      ("Address", contact.addresses),
      ("E-mail", contact.emailAddresses),
    ]
    if !contact.otherDetails.isEmpty { sections.append(("Other", contact.otherDetails)) }
    self.sections = sections
  }

  var numberOfSections: Int { sections.count }

  func numberOfRows(inSection section: Int) -> Int { sections[section].items.count }

  func representedObject(at position: TablePosition) -> Any {
    sections[position.section].items[position.row]
  }

  func titleForHeader(inSection section: Int) -> String? { sections[section].title }
}
