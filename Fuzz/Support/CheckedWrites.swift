// Every harness runs with OutputBuffer's raw-write checks on (issue 26 §1): Scripts/fuzz.sh
// defines TABLEKIT_CHECKED_WRITES, and a harness built without it stops before fuzzing.

import TableRender

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer calls this once before the first input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
  _ argumentCount: UnsafeMutablePointer<Int32>,
  _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
  guard OutputBuffer.checksWrites else {
    print("fuzz: OutputBuffer's raw-write checks are off; build with Scripts/fuzz.sh")
    exit(2)
  }
  return 0
}
