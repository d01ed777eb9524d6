#!/usr/bin/env bash
# Runs the test suites where threads run under ThreadSanitizer, and the whole test suite under
# AddressSanitizer with leak checking.
#
# Usage:
#   Scripts/sanitizers.sh            both, thread first
#   Scripts/sanitizers.sh thread     `swift test --sanitize=thread` only
#   TSAN_SUITES=all Scripts/sanitizers.sh thread
#                                    every suite under ThreadSanitizer (the default is the
#                                    suites where threads run: see thread_suites below)
#   Scripts/sanitizers.sh address    `swift test --sanitize=address` only (leaks checked)
#   Scripts/sanitizers.sh --help     this text
#
# Each sanitizer builds into its own scratch path (.build-tsan, .build-asan) so the normal
# .build is left alone. Exits non-zero when a test fails or a sanitizer reports anything.
#
# Leak checking is limited to our code: Scripts/lsan-suppressions.txt names the runtime
# allocations LeakSanitizer must not count (each entry says why). A leak whose stack runs
# through TableKit, TableRender or the tests is never suppressed.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

# Swift's backtracer and the sanitizers' handlers both want a crash; let the sanitizer report.
export SWIFT_BACKTRACE=enable=no

# The default linker (gold) prints hundreds of "Cannot export local symbol '__asan_…'" warnings
# for sanitized binaries; the toolchain's lld links them silently.
lld=(-Xswiftc -use-ld=lld)

# The suites whose code or tests start threads, tasks or signal handlers, or share state behind
# a lock: the safe writes and their signal thread, the page cache and models, the HTTP loader,
# routing's restoration, the readers' read-ahead threads, the test kit's reporting, the exporter,
# the database site (its files are made on a writer thread) and the checked output buffer. The rest (cells, renderers, reports, formats, the option table)
# run on one thread and are already run under AddressSanitizer; under ThreadSanitizer they only
# cost time (the report property test alone takes minutes there).
thread_suites='TableKitFilesTests|TableKitModelsTests|TableKitNetworkingTests|TableKitRecordsTests'
thread_suites+='|TableKitTestingTests|TableKitNavigationTests|TableKitDatabaseTests'
thread_suites+='|TableKitDatabaseSiteTests'
thread_suites+='|SiteExporterTests|OutputBufferCheckedWriteTests|TextLineRoomTests'

# The ThreadSanitizer build also compiles the CSV scans on the eight-byte blocks other
# processors use (-D TABLEKIT_WORD_BLOCKS; the x86-64 build uses SSE2), so the readers' suites,
# all among the threaded ones, test that code too without a build of its own. The SSE2 scans are
# tested by every other build, and under AddressSanitizer here and in the records fuzz harness.
run_thread() {
  echo "== swift test --sanitize=thread (CSV scans on eight-byte blocks)"
  local start=$SECONDS
  # The kept-pages oracle (120 random changes, each exported twice in memory on one thread)
  # only costs time there; the database site's writer thread is in the other suites.
  local filter=(--filter "$thread_suites" --skip DatabaseSiteKeptPagesTests)
  [ "${TSAN_SUITES:-}" = all ] && filter=()
  TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1} \
    swift test --sanitize=thread --scratch-path .build-tsan "${lld[@]}" \
    -Xswiftc -DTABLEKIT_WORD_BLOCKS "${filter[@]}"
  echo "sanitizers: thread passed in $((SECONDS - start)) s"
}

run_address() {
  echo "== swift test --sanitize=address (leaks checked)"
  local start=$SECONDS
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1} \
    LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=0} \
    swift test --sanitize=address --scratch-path .build-asan "${lld[@]}"
  echo "sanitizers: address passed in $((SECONDS - start)) s"
}

case ${1:-all} in
  -h | --help) usage ;;
  thread) run_thread ;;
  address) run_address ;;
  all)
    run_thread
    run_address
    ;;
  *)
    echo "sanitizers: unknown argument $1 (try --help)" >&2
    exit 64
    ;;
esac
