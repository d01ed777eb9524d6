import TableKit
package import TableKitNavigation
import TableRender

extension SampleSite {
  /// The catalogue's one router, the same `tablekit open` and `browse --url` use, so a page's
  /// name and the URL that opens its level can never differ.
  private static let carRouter = try? CarCatalogue.makeRouter()

  /// The canonical URL of a level of the samples, which names its page: the car catalogue's
  /// from its router (`cars://brands/bmw/models/x3` is `/cars/brands/bmw/models/x3`), the
  /// ledger's from its invoices' numbers (`/ledger/invoices/inv-1042/lines`), the index `/`.
  package static func canonicalURL(_ visit: NavigationVisit) -> String {
    let destination = visit.controller.navigationDestination
    if let level = destination as? CarCatalogue.Level,
      let url = carRouter?.url(for: level), url.hasPrefix("cars://")
    {
      return "/cars/" + url.dropFirst("cars://".count)
    }
    switch destination as? LedgerDrillDown.Level {
    case .ledger: return "/ledger"
    case .invoice(let number): return "/ledger/invoices/" + SitePageNaming.slug(number)
    case .lines(let number): return "/ledger/invoices/" + SitePageNaming.slug(number) + "/lines"
    case nil: return SiteExporter.defaultCanonicalURL(visit)
    }
  }
}
