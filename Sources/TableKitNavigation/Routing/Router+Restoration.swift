import TableKit

extension Router {
  /// The stack's levels as a ``SavedStack``: each level's URL and selection, root first.
  ///
  /// Saving stops at the first level that has no URL (pushed as a controller, or no route
  /// prints its destination): what is above it could not be restored under it.
  ///
  /// - Parameter navigationController: The stack.
  /// - Returns: The saved value.
  public func savedStack(of navigationController: NavigationController) -> SavedStack {
    var levels: [SavedLevel] = []
    for controller in navigationController.controllers {
      guard let destination = controller.navigationDestination as? Destination,
        let url = url(for: destination)
      else { break }
      levels.append(SavedLevel(url: url, selection: controller.table.selectedPositions))
    }
    return SavedStack(levels: levels)
  }

  /// Saves the stack as small JSON text (see ``SavedStack``), for ``restore(_:resolver:factory:)``.
  ///
  /// - Parameter navigationController: The stack.
  /// - Returns: The text.
  public func save(_ navigationController: NavigationController) -> String {
    savedStack(of: navigationController).text
  }

  /// Rebuilds a saved stack with fresh controllers and freshly resolved objects.
  ///
  /// Never throws and never traps on bad text: it rebuilds the longest valid prefix and reports
  /// each level it dropped and why (see ``RestoreReport``). Older formats are migrated; a newer
  /// one restores nothing and says so.
  ///
  /// ```swift
  /// let text = router.save(stack)              // on quitting
  /// let report = await router.restore(text, resolver: resolver)   // on relaunch
  /// report.navigationController?.breadcrumbs   // ["Brands", "BMW", "BMW i4"]
  /// report.dropped                             // [] when every level came back
  /// ```
  ///
  /// - Parameters:
  ///   - text: Saved text, untrusted.
  ///   - resolver: Finds each level's objects and makes its controller.
  ///   - factory: The rebuilt stack's factory, for the levels a selection pushes later.
  /// - Returns: The rebuilt stack and the dropped levels.
  nonisolated(nonsending) public func restore<Resolver: LevelResolver>(
    _ text: String, resolver: Resolver,
    factory: @escaping NavigationController.Factory = NavigationController.noFactory
  ) async -> RestoreReport where Resolver.Destination == Destination {
    switch SavedStack.read(text) {
    case .failure(let failure):
      return RestoreReport(
        navigationController: nil, dropped: [DroppedLevel(index: nil, url: nil, reason: failure)])
    case .levels(let levels):
      var inputs: [LevelInput] = []
      for (index, level) in levels.enumerated() {
        guard let level, let selection = level.positions else {
          inputs.append(
            .failed(
              url: level?.url,
              .undecodable(reason: "level \(index) is not a URL with a list of [section, row].")))
          continue
        }
        do {
          inputs.append(.routed(try match(level.url), url: level.url, selection: selection))
        } catch {
          inputs.append(.failed(url: level.url, .routing(error)))
        }
      }
      return await build(inputs, resolver: resolver, factory: factory)
    }
  }

  /// Opens `url` as a new stack: every parent level from its own route, root first, each
  /// level's objects resolved.
  ///
  /// ```swift
  /// let report = await router.open("cars://brands/bmw/models/i4", resolver: resolver)
  /// report.navigationController?.breadcrumbs   // ["Brands", "BMW", "BMW i4"]
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL, untrusted.
  ///   - resolver: Finds each level's objects and makes its controller.
  ///   - factory: The stack's factory, for the levels a selection pushes later.
  /// - Returns: The stack, complete when ``RestoreReport/isComplete``, and the dropped levels.
  nonisolated(nonsending) public func open<Resolver: LevelResolver>(
    _ url: String, resolver: Resolver,
    factory: @escaping NavigationController.Factory = NavigationController.noFactory
  ) async -> RestoreReport where Resolver.Destination == Destination {
    let chain: [Destination]
    do {
      chain = try destinations(for: url)
    } catch {
      return RestoreReport(
        navigationController: nil,
        dropped: [DroppedLevel(index: nil, url: url, reason: .routing(error))])
    }
    let inputs = chain.map { destination in
      LevelInput.routed(destination, url: self.url(for: destination) ?? url, selection: [])
    }
    return await build(inputs, resolver: resolver, factory: factory)
  }

  /// One level to rebuild: routed, or already failed.
  enum LevelInput {
    case routed(Destination, url: String, selection: [TablePosition])
    case failed(url: String?, RestoreFailure)
  }

  /// Builds the longest valid prefix of `inputs`.
  nonisolated(nonsending) func build<Resolver: LevelResolver>(
    _ inputs: [LevelInput], resolver: Resolver,
    factory: @escaping NavigationController.Factory
  ) async -> RestoreReport where Resolver.Destination == Destination {
    let session = NavigationSession()
    var stack: NavigationController?
    var dropped: [DroppedLevel] = []
    var previous: Destination?
    for (index, input) in inputs.enumerated() {
      func drop(_ url: String?, _ reason: RestoreFailure) {
        dropped.append(DroppedLevel(index: index, url: url, reason: reason))
      }
      guard case .routed(let destination, let url, let selection) = input else {
        if case .failed(let url, let failure) = input {
          drop(url, dropped.isEmpty ? failure : .parentDropped)
        }
        continue
      }
      guard dropped.isEmpty else {
        drop(url, .parentDropped)
        continue
      }
      guard parent(of: destination) == previous else {
        drop(url, .notAChild(url: url))
        continue
      }
      let objects: Resolver.Objects
      switch await resolver.resolve(destination) {
      case .found(let found): objects = found
      case .missing:
        drop(url, .missingObject(url: url))
        continue
      case .forbidden(let reason):
        drop(url, .forbidden(url: url, reason: reason))
        continue
      }
      do throws(RestoreFailure) {
        let controller = try makeLevel(
          destination, objects: objects, url: url, selection: selection,
          resolver: resolver, session: session)
        controller.navigationDestination = destination
        if let stack {
          do {
            try stack.push(controller)
          } catch {
            throw .navigation(url: url, error)
          }
        } else {
          stack = NavigationController(freeRoot: controller, session: session, factory: factory)
        }
        for position in selection { _ = try? controller.table.selectRow(at: position) }
        previous = destination
      } catch {
        drop(url, error)
      }
    }
    return RestoreReport(navigationController: stack, dropped: dropped)
  }

  /// Makes a level's controller and checks its selection fits its table.
  private func makeLevel<Resolver: LevelResolver>(
    _ destination: Destination, objects: Resolver.Objects, url: String,
    selection: [TablePosition], resolver: Resolver, session: NavigationSession
  ) throws(RestoreFailure) -> TableController where Resolver.Destination == Destination {
    let controller: TableController
    do {
      controller = try resolver.makeController(
        for: destination, objects: objects, session: session)
    } catch {
      throw .navigation(url: url, error)
    }
    guard controller.navigationController == nil else {
      throw .navigation(
        url: url, .alreadyOnStack(title: controller.title, onThisStack: false))
    }
    for position in selection {
      do {
        _ = try controller.table.cell(at: position)
      } catch {
        throw .invalidSelection(url: url, error)
      }
    }
    return controller
  }
}
