import TableKit

// The model lives in its caller's isolation domain (see the type's discussion): only its loader
// closure and the pages it returns cross domains, and those are Sendable.
@available(*, unavailable)
extension PagedModel: Sendable {}
