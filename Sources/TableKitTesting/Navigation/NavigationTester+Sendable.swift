// A tester drives one navigation stack synchronously from one test; it must not cross threads.
@available(*, unavailable)
extension NavigationTester: Sendable {}
