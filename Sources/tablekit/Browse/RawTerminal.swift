import Dispatch
import TableKit
import TableKitArguments
import TableKitFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal put into the mode a full-screen browser needs, and put back exactly as it was.
///
/// ``enter()`` turns off line editing and echo (keys arrive one by one), switches to the
/// alternate screen and hides the cursor; ``restore()`` undoes all of it. Signals that end the
/// program (Ctrl-C's SIGINT, SIGTERM, SIGHUP, SIGQUIT) are caught through dispatch sources,
/// whose handlers run on a queue, not inside a signal handler, so restoring there is safe; then
/// the program exits with 128 + the signal number.
final class RawTerminal {
  /// What leaving the browser writes: show the cursor, leave the alternate screen.
  static let leaveSequence = "\u{1B}[?25h\u{1B}[?1049l"
  /// What entering writes: the alternate screen, the cursor hidden, the screen cleared.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"

  let input: Int32
  let output: Int32
  /// The settings found at start, put back on exit.
  private let original: termios
  private var signalSources: [any DispatchSourceSignal] = []
  private var isRaw = false

  /// Reads the settings of `input`; `nil` when it is not a terminal.
  init?(input: Int32, output: Int32) {
    var settings = termios()
    guard tcgetattr(input, &settings) == 0 else { return nil }
    self.input = input
    self.output = output
    self.original = settings
  }

  /// Enters raw mode and the alternate screen, and restores both if a signal ends the program.
  func enter() {
    let restorer = Restorer(input: input, output: output, original: original)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        restorer.restore()
        ExitStatus.terminated(bySignal: number).exitImmediately()
      }
      source.resume()
      signalSources.append(source)
    }
    var raw = original
    // Keys one by one, no echo, no flow control or CR translation on input; signals stay on so
    // Ctrl-C is SIGINT, but suspending (Ctrl-Z) is off: it would leave the screen raw.
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
      bytes[Int(VSUSP)] = 0
    }
    tcsetattr(input, TCSAFLUSH, &raw)
    isRaw = true
    write(Self.enterSequence)
  }

  /// Puts the terminal back as it was found.
  func restore() {
    guard isRaw else { return }
    isRaw = false
    Restorer(input: input, output: output, original: original).restore()
    for source in signalSources { source.cancel() }
  }

  /// The window's size in rows and columns, or 24 × 80 when the terminal does not say.
  func size() -> (rows: Int, columns: Int) {
    var window = winsize()
    let status = withUnsafeMutablePointer(to: &window) { ioctl(output, UInt(TIOCGWINSZ), $0) }
    guard status == 0, window.ws_row > 0, window.ws_col > 0 else { return (24, 80) }
    return (Int(window.ws_row), Int(window.ws_col))
  }

  /// Waits up to `milliseconds` for input and returns what arrived (empty when nothing did);
  /// `nil` at the end of the input or on an error.
  func read(waiting milliseconds: Int32) -> [UInt8]? {
    var request = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    let ready = poll(&request, 1, milliseconds)
    // Not retried: an interrupted wait (a resize) returns nothing at once, and the caller redraws.
    if ready == 0 || (ready < 0 && errno == EINTR) { return [] }
    guard ready > 0 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { try? SystemCalls.read(from: input, into: $0) }
    guard let count, count > 0 else { return nil }
    return Array(buffer[..<count])
  }

  /// Writes `text` to the terminal whole.
  func write(_ text: String) {
    Restorer.write(text, to: output)
  }
}

/// What putting the terminal back takes, as a value a signal's dispatch handler can hold.
private struct Restorer: Sendable {
  let input: Int32
  let output: Int32
  let original: termios

  func restore() {
    var settings = original
    tcsetattr(input, TCSAFLUSH, &settings)
    Self.write(RawTerminal.leaveSequence, to: output)
  }

  /// Writes all of `text` to `descriptor`, retrying short writes.
  static func write(_ text: String, to descriptor: Int32) {
    var stream = FileDescriptorStream(descriptor: descriptor)
    stream.write(text)
  }
}
