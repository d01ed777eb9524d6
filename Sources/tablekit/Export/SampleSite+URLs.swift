import TableKit
import TableRender

extension SampleSite {
  /// The canonical URL of a level of the samples, which names its page: the car catalogue's
  /// from its router (`cars://brands/bmw/models/x3` is `/cars/brands/bmw/models/x3`), the
  /// ledger's from its invoices' numbers (`/ledger/invoices/inv-1042/lines`), the index `/`.
  static func canonicalURL(_ visit: NavigationVisit) -> String {
    let destination = visit.controller.navigationDestination
    if let level = destination as? CarCatalogue.Level,
      let session = visit.controller.navigationController?.session,
      let route = CarRoute.route(of: level, session: session),
      let url = CarRoute.router.url(for: route), url.hasPrefix("cars://")
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
