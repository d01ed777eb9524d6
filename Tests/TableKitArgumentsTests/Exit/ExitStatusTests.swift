import TableKitArguments
import Testing

@Suite struct ExitStatusTests {
  @Test func hasTheNumbersOfSysexits() {
    let statuses: [(TableKitArguments.ExitStatus, Int32)] = [
      (.success, 0), (.failure, 1), (.usage, 64), (.dataError, 65), (.noInput, 66),
      (.unavailable, 69), (.software, 70), (.cannotCreate, 73), (.ioError, 74),
      (.noPermission, 77),
    ]
    for (status, number) in statuses { #expect(status.rawValue == number) }
  }

  @Test func aSignalIs128PlusItsNumber() {
    #expect(TableKitArguments.ExitStatus.interrupted.rawValue == 130)
    #expect(TableKitArguments.ExitStatus.terminated(bySignal: 15).rawValue == 143)
  }
}
