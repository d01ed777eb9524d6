/// A person with the details a contact card shows.
struct Contact: Sendable {
  var name: String
  var phoneNumbers: [PhoneNumber]
  var addresses: [PostalAddress]
  var emailAddresses: [EmailAddress]
  var otherDetails: [any Sendable] = []

  static let ada = Contact(
    name: "Ada Lovelace",
    phoneNumbers: [
      PhoneNumber(label: "work", number: "+44 20 7946 0018"),
      PhoneNumber(label: "mobile", number: "+44 7700 900123"),
    ],
    addresses: [
      PostalAddress(
        label: "home", street: "12 St James's Square", city: "London", postcode: "SW1Y 4JH")
    ],
    emailAddresses: [EmailAddress(label: "work", address: "ada@analytical.example")]
  )
}
