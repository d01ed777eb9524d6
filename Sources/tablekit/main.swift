import TableKitArguments

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Output into a closed pipe ends the program quietly, as it ends `cat`: restore the default in
// case the environment ignores the signal, so `tablekit big.csv | head` neither fails nor reads on.
signal(SIGPIPE, SIG_DFL)

await Program.run(Array(CommandLine.arguments.dropFirst())).exit()
