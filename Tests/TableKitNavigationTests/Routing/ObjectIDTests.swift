import TableKit
import TableKitNavigation
import Testing

@Suite struct ObjectIDTests {
  @Test(arguments: [
    ("bmw", "bmw"), ("A-z_09", "A-z_09"), ("Škoda", "~xaBrb2Rh"), ("", "~"), ("a b", "~YSBi"),
    ("a/b", "~YS9i"), ("~", "~fg"), ("3.5", "~My41"),
  ])
  func travelsPlainWhenURLSafeElseAsBase64(_ id: String, _ segment: String) throws {
    #expect(ObjectID(id).segment == segment)
    #expect(try ObjectID(segment: segment) == ObjectID(id))
  }

  @Test(arguments: [
    ("a b", ObjectIDError.notAnID),
    ("a.b", .notAnID),
    ("", .notAnID),
    ("~Ym13", .plainIDEncoded("bmw")),
    ("~QR", .base64(.nonZeroPadBits(offset: 1))),
    ("~QQ==", .base64(.padding(offset: 2))),
    ("~_w", .notUTF8),
  ])
  func acceptsOnlyTheCanonicalSpelling(_ segment: String, _ error: ObjectIDError) {
    #expect(throws: error) { try ObjectID(segment: segment) }
  }
}
