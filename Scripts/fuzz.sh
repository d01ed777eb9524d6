#!/usr/bin/env bash
# Builds TableKit's libFuzzer harnesses (Fuzz/Harnesses/*.swift) and runs them.
#
# Usage:
#   Scripts/fuzz.sh build                      build every harness into .build-fuzz/
#   Scripts/fuzz.sh short                      build, then run each harness for a few seconds
#                                              (FUZZ_SHORT_SECONDS, default 10; what CI runs)
#   Scripts/fuzz.sh long [HARNESS...]          build, then run each harness (or those named) for
#                                              FUZZ_LONG_RUNS executions (default 10000000), one
#                                              at a time, logs in .build-fuzz/logs/
#   Scripts/fuzz.sh run HARNESS [LIBFUZZER-OPTION...]
#                                              build, then run one harness with libFuzzer options
#                                              of your own (-runs=N, -max_total_time=S, a crash
#                                              file to replay, ...)
#   Scripts/fuzz.sh list                       the harnesses
#   Scripts/fuzz.sh --help                     this text
#
# Harnesses: escapers (the four escapers against slow references), renderers (the four
# renderers over small tables made from the input), width (DisplayWidth and TerminalMeasure
# against the grapheme-cluster path), json (the JSON table document reader), routing (the
# router's match and print, Base64URL and object IDs, and restore of saved stacks), records (the
# CSV, TSV, JSON array and JSON Lines readers through every path: a file row by row, a file in
# chunks, a pipe read ahead, whole or in pieces; each path's rows and error must be the file's),
# deflate (the DEFLATE compressor, CRC-32 and the ZIP writer against an inflater written from
# RFC 1951 in the harness), database (the SQLite reader over mutated database files: open, list
# the schema, page every table by key and read its rows again by key; the seeds in
# Fuzz/Corpus/database/ are made by Scripts/fuzz-database-seeds.py; run it with -max_len=8192).
#
# Each harness is one Swift file compiled with Fuzz/Support/*.swift against TableKit and
# TableRender built with `-sanitize=fuzzer,address` (coverage for libFuzzer, AddressSanitizer for
# the unsafe-pointer code); the database harness is compiled alone against TableKit and
# TableKitDatabase (it needs no renderer; SQLite itself is the system's library, loaded at run
# time and not instrumented, so coverage guides the fuzzer through the Swift reader only). They
# are not SwiftPM targets, so `swift build` and `swift test` never
# see them. Seeds are committed in Fuzz/Corpus/HARNESS/ (read only); what a run discovers goes to
# .build-fuzz/corpus/HARNESS/ (never committed); a crash or broken property is saved as
# .build-fuzz/artifacts/HARNESS/crash-… and ends the run with a non-zero status.
#
# FUZZ_SANITIZE=fuzzer builds with libFuzzer's coverage alone, no AddressSanitizer, into
# .build-fuzz-noasan/ (its corpus, artifacts and logs there too), for long runs: ASan's shadow
# checks and quarantine are left out. Replay what it finds under ASan with
# `Scripts/fuzz.sh run HARNESS .build-fuzz-noasan/artifacts/HARNESS/crash-…`. Without ASan a
# stray unsafe-pointer access can go unnoticed; the harnesses' own properties and Swift's
# bounds checks still hold. The long run of the DEFLATE harness (10,000,000 executions, one
# process at nice 10, log .build-fuzz-noasan/logs/deflate-long.log; about 2,800 executions a
# second in the first two minutes on one core under a load of 4, so about an hour, or half
# that with FUZZ_LONG_JOBS=2 on two free cores; inputs grow to -max_len=4096 as the run goes
# on, so later executions are slower):
#
#   FUZZ_SANITIZE=fuzzer Scripts/fuzz.sh long deflate
#
# Environment: FUZZ_SANITIZE (fuzzer,address by default, or fuzzer), FUZZ_OUT (the build and
# output folder, default .build-fuzz, or .build-fuzz-noasan with FUZZ_SANITIZE=fuzzer),
# FUZZ_SHORT_SECONDS (seconds per harness in short mode, default 10), FUZZ_LONG_RUNS (default
# 10000000), FUZZ_LONG_SECONDS (a time limit per harness in long mode, none by default),
# FUZZ_LONG_JOBS (processes per harness in long mode, each running its share of the runs into
# the same corpus, logs .build-fuzz/logs/HARNESS-long-N.log; default 1), FUZZ_JOBS_NICE (nice
# level for long runs, default 10), MALLOC_TRIM_THRESHOLD_ and MALLOC_MMAP_THRESHOLD_ (glibc's,
# default 64 MB and 16 MB: freed memory is kept), ASAN_OPTIONS (default detect_leaks=0; long
# runs add malloc_context_size=0:max_malloc_fill_size=0:quarantine_size_mb=8). libFuzzer's
# final lines (stat::number_of_executed_units, average_exec_per_sec, the last cov:/ft:) are the
# figures.
# FUZZ_PRINT=1 prints what a harness rendered (for replaying one input).
set -euo pipefail
cd "$(dirname "$0")/.."

# FUZZ_SANITIZE: `fuzzer,address` (the default) or `fuzzer` (coverage only, for long runs); each
# has its own build folder, so switching never mixes objects built with and without ASan.
sanitize=${FUZZ_SANITIZE:-fuzzer,address}
case $sanitize in
  fuzzer,address) out=${FUZZ_OUT:-.build-fuzz} ;;
  fuzzer) out=${FUZZ_OUT:-.build-fuzz-noasan} ;;
  *)
    echo "fuzz: FUZZ_SANITIZE is fuzzer,address or fuzzer, not $sanitize" >&2
    exit 64
    ;;
esac
harnesses=(escapers renderers width json routing records deflate database)

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

# Common Swift flags: the package's language mode and upcoming features, optimised, with
# libFuzzer's coverage and AddressSanitizer, and OutputBuffer's raw-write checks on
# (TABLEKIT_CHECKED_WRITES: a wrong count or a byte past a room stops the harness, as in a
# debug build; Fuzz/Support/CheckedWrites.swift refuses to start without them).
swift_flags=(
  -swift-version 6
  -D TABLEKIT_CHECKED_WRITES
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature MemberImportVisibility
  -enable-upcoming-feature InternalImportsByDefault
  -package-name tablekit
  -parse-as-library
  -O -g
  -sanitize="$sanitize"
  -use-ld=lld
)

# Rebuilds a module's object when a source is newer than it. swiftc leaves an output whose bytes
# did not change untouched, so each compile below touches its output: otherwise a comment-only
# change would make the object look stale, and be recompiled, on every later build.
stale() { # object sources...
  local object=$1
  shift
  [ ! -f "$object" ] && return 0
  [ -n "$(find "$@" -newer "$object" -print -quit)" ]
}

# The library modules the harnesses link, each after the modules it imports.
modules=(TableKitFiles TableKit TableKitDatabase TableKitNavigation TableKitReports TableRender)

# Compiles Sources/NAME into one object and its module when a source, or a module compiled
# before it, is newer. TableRender is compiled with -enable-testing: harnesses reach internal
# helpers (OutputBuffer.string, ...).
compile_module() { # name
  local name=$1 sources objects=() module
  mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
  for module in "${modules[@]}"; do
    [ "$module" = "$name" ] && break
    objects+=("$out/modules/$module.o")
  done
  stale "$out/modules/$name.o" "${sources[@]}" "${objects[@]}" || return 0
  echo "fuzz: compiling $name"
  local testing=()
  [ "$name" = TableRender ] && testing=(-enable-testing)
  swiftc "${swift_flags[@]}" -module-name "$name" -wmo -c "${testing[@]}" -I "$out/modules" \
    -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
    -o "$out/modules/$name.o" "${sources[@]}"
  touch "$out/modules/$name.o"
}

# The modules a harness links: the database harness needs only the table core and the reader
# (so it builds without the renderers), every other harness all of them.
harness_modules() { # name
  case $1 in
    database) echo TableKit TableKitDatabase ;;
    *) echo "${modules[@]}" ;;
  esac
}

# The modules the harnesses named need, compiled in the order of `modules`.
build_modules() { # harness...
  mkdir -p "$out/modules"
  local needed=" " name module
  for name in "$@"; do needed+="$(harness_modules "$name") "; done
  for module in "${modules[@]}"; do
    # A module is compiled against every module before it, so those are needed too.
    for name in "${modules[@]}"; do
      [[ $needed == *" $module "* ]] || break
      [ "$name" = "$module" ] && break
      [[ $needed == *" $name "* ]] || needed+="$name "
    done
  done
  for module in "${modules[@]}"; do
    [[ $needed == *" $module "* ]] && compile_module "$module"
  done
  return 0
}

# The sources a harness is compiled from besides its own file and the support files.
extra_sources() {
  case $1 in
    # The record-reading module: its readers, JSON tokenizer, threads and table reader.
    json | records) find Sources/TableKitRecords -name '*.swift' | sort ;;
  esac
}

# The harness file's base name: json -> Json.
capitalized() { echo "${1^}"; }

build_harness() {
  local name=$1
  local file=Fuzz/Harnesses/$(capitalized "$name").swift
  [ -f "$file" ] || { echo "fuzz: no harness $name ($file)" >&2; exit 64; }
  local sources=("$file")
  # The support files use TableRender: the database harness, built without it, has its own.
  [ "$name" = database ] || sources+=(Fuzz/Support/*.swift)
  local extra
  extra=$(extra_sources "$name")
  [ -n "$extra" ] && sources+=($extra)
  local binary=$out/bin/fuzz-$name
  mkdir -p "$out/bin"
  local objects=() module
  for module in $(harness_modules "$name"); do objects+=("$out/modules/$module.o"); done
  if stale "$binary" "${sources[@]}" "${objects[@]}"; then
    echo "fuzz: compiling harness $name"
    swiftc "${swift_flags[@]}" -module-name "Fuzz$(capitalized "$name")" -I "$out/modules" \
      "${sources[@]}" "${objects[@]}" -o "$binary"
    touch "$binary"
  fi
}

# The modules one after the other (each after those it imports), then the harnesses side by side.
build_all() {
  build_modules "$@"
  local pids=() name pid failed=0
  for name in "$@"; do
    build_harness "$name" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  [ "$failed" -eq 0 ] || { echo "fuzz: a harness did not build" >&2; exit 1; }
}

# Runs one harness with libFuzzer options; the seed corpus is read, new inputs go to the
# generated corpus.
run_harness() { # name options...
  local name=$1
  shift
  local corpus=$out/corpus/$name artifacts=$out/artifacts/$name/
  mkdir -p "$corpus" "$artifacts"
  local options=(-artifact_prefix="$artifacts" -print_final_stats=1)
  [ -f "Fuzz/Dictionaries/$name.dict" ] && options+=(-dict="Fuzz/Dictionaries/$name.dict")
  [ -f "Fuzz/Options/$name" ] && mapfile -t -O ${#options[@]} options < "Fuzz/Options/$name"
  # Files given (a crash to replay) are run once each instead of fuzzing the corpora.
  local inputs=("$corpus" "Fuzz/Corpus/$name") argument
  for argument in "$@"; do [[ $argument == -* ]] || inputs=(); done
  # Swift's own backtracer and ASan's handler fight over a crash; ASan reports it. glibc's
  # malloc (FUZZ_SANITIZE=fuzzer) keeps up to 64 MB it frees rather than handing it back to the
  # kernel and faulting it in again: an input allocates and frees up to 600 KB (the deflate
  # harness: two encoders' windows, tables and buffers), and page faults were a quarter of its
  # run. ASan's allocator ignores these variables.
  SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no} ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} \
    MALLOC_TRIM_THRESHOLD_=${MALLOC_TRIM_THRESHOLD_:-67108864} \
    MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD_:-16777216} \
    "$out/bin/fuzz-$name" "${options[@]}" "$@" "${inputs[@]}"
}

command=${1:-}
case $command in
  -h | --help | help | "")
    usage
    [ -n "$command" ] || exit 64
    ;;
  list)
    printf '%s\n' "${harnesses[@]}"
    ;;
  build)
    build_all "${harnesses[@]}"
    ;;
  short)
    build_all "${harnesses[@]}"
    mkdir -p "$out/logs"
    for name in "${harnesses[@]}"; do
      log=$out/logs/$name-short.log
      echo "fuzz: $name, ${FUZZ_SHORT_SECONDS:-10} s, log $log"
      status=0
      run_harness "$name" -max_total_time="${FUZZ_SHORT_SECONDS:-10}" >"$log" 2>&1 || status=$?
      if [ "$status" -ne 0 ]; then
        tail -n 60 "$log"
        echo "fuzz: $name failed (exit $status); the input is in $out/artifacts/$name/" >&2
        exit 1
      fi
      grep -E '^#[0-9]+.*DONE|^stat::(number_of_executed_units|average_exec_per_sec)' "$log"
    done
    ;;
  long)
    shift
    selected=("$@")
    [ ${#selected[@]} -gt 0 ] || selected=("${harnesses[@]}")
    build_all "${selected[@]}"
    mkdir -p "$out/logs"
    runs=${FUZZ_LONG_RUNS:-10000000}
    jobs=${FUZZ_LONG_JOBS:-1}
    for name in "${selected[@]}"; do
      echo "fuzz: $name, $runs runs in $jobs process(es), log $out/logs/$name-long*.log"
      start=$(date +%s)
      limits=(-runs="$(((runs + jobs - 1) / jobs))")
      [ -n "${FUZZ_LONG_SECONDS:-}" ] && limits+=(-max_total_time="$FUZZ_LONG_SECONDS")
      logs=() pids=()
      for job in $(seq 1 "$jobs"); do
        log=$out/logs/$name-long.log
        [ "$jobs" -gt 1 ] && log=$out/logs/$name-long-$job.log
        logs+=("$log")
        # Long runs leave out ASan's allocation stacks and most of its quarantine: 13% more
        # executions and a tenth of the memory (measured on records); replay a crash with
        # `run` for the full report.
        ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:malloc_context_size=0:max_malloc_fill_size=0:quarantine_size_mb=8} \
          nice -n "${FUZZ_JOBS_NICE:-10}" bash "$0" run-built "$name" "${limits[@]}" >"$log" 2>&1 &
        pids+=($!)
      done
      status=0
      for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
      for log in "${logs[@]}"; do
        grep -E '^#[0-9]+.*DONE|^stat::(number_of_executed_units|average_exec_per_sec)' "$log" |
          sed "s|^|$log: |" || true
      done
      total=$(cat "${logs[@]}" | sed -n 's/^stat::number_of_executed_units: *//p' |
        awk '{ sum += $1 } END { print sum + 0 }')
      echo "fuzz: $name exited $status after $(($(date +%s) - start)) s, $total executions" |
        tee -a "${logs[@]}"
    done
    ;;
  run)
    shift
    name=${1:?"usage: Scripts/fuzz.sh run HARNESS [OPTION...]"}
    shift
    build_all "$name"
    run_harness "$name" "$@"
    ;;
  run-built)
    # Internal: run without building (used by long mode under nice).
    shift
    name=$1
    shift
    run_harness "$name" "$@"
    ;;
  *)
    echo "fuzz: unknown command $command (try --help)" >&2
    exit 64
    ;;
esac
