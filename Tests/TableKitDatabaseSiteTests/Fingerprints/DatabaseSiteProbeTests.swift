import TableKitDatabaseSite
import Testing

/// The probe page mixed into every fingerprint goes through each shared writer a page does:
/// its bytes hold the template's escaped text, the CSV twin's quoting and the JSON's values.
@Suite struct DatabaseSiteProbeTests {
  @Test func theProbeHoldsWhatEachSharedWriterMakes() {
    let text = String(decoding: DatabaseSiteFingerprints.probe, as: UTF8.self)
    #expect(text.hasPrefix("<!DOCTYPE html>"))
    #expect(text.contains("&lt;b&gt;&amp;"))
    #expect(text.contains("<td>NULL</td>"))
    #expect(text.contains(#","",,"#))
    #expect(text.contains(#""c5":null"#))
    #expect(text.contains(#""$base64":true"#))
    #expect(DatabaseSiteFingerprints.probe == DatabaseSiteFingerprints.probe)
  }
}
