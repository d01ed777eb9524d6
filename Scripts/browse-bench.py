#!/usr/bin/env python3
"""Measures the interactive `tablekit browse` on a level of many rows: keys per second and memory.

Usage:
    python3 Scripts/browse-bench.py TABLEKIT [--rows N] [--keys K] [--size COLUMNSxROWS]

Writes a JSON array of N strings (one level of N rows) to a temporary file, starts
`TABLEKIT browse --input FILE` on a pseudo-terminal of the given size (80x24 by default), waits
for the first screen (the highlight on row 1), then presses ↓ K times, one key at a time, each
time waiting until the screen shows the highlight on the next row, and then q. It prints the time
to the first screen, the time of the K keys and keys per second (wall clock), and from the
child's own rusage (wait4) its user and system CPU and its peak RSS. Run it once with --keys 0
to get the CPU of starting alone; the difference is the keys' CPU. Needs only the standard
library (Linux).
"""

import argparse
import fcntl
import json
import os
import re
import select
import struct
import subprocess
import sys
import tempfile
import termios
import time


def read_until(fd, pattern, buffer, timeout):
    """Reads from `fd` into `buffer` until `pattern` (compiled bytes regex) matches; the buffer
    keeps only what follows the match."""
    deadline = time.monotonic() + timeout
    while True:
        match = pattern.search(buffer)
        if match:
            return buffer[match.end():]
        left = deadline - time.monotonic()
        if left <= 0:
            sys.exit(f"browse-bench: timed out waiting for {pattern.pattern!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                sys.exit(f"browse-bench: the browser ended before {pattern.pattern!r}")
            buffer += chunk


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tablekit")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--timeout", type=float, default=600)
    arguments = parser.parse_args()
    columns, rows = (int(part) for part in arguments.size.split("x"))

    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "level.json")
        with open(path, "w") as file:
            json.dump([f"item {n}" for n in range(1, arguments.rows + 1)], file)
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        environment = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
        start = time.monotonic()
        child = subprocess.Popen(
            [arguments.tablekit, "browse", "--input", path],
            stdin=slave, stdout=slave, stderr=slave, env=environment, start_new_session=True,
            pass_fds=())
        os.close(slave)
        # The highlight's label: `> ` and the number, padded to the widest number, then `│`.
        def highlight(number):
            return re.compile(rb">\s*" + str(number).encode() + " │".encode())
        buffer = read_until(master, highlight(1), b"", arguments.timeout)
        ready = time.monotonic()
        for number in range(2, arguments.keys + 2):
            os.write(master, b"\x1b[B")
            buffer = read_until(master, highlight(number), buffer, arguments.timeout)
        keys_done = time.monotonic()
        os.write(master, b"q")
        # Drain until the child exits, so it never blocks on a full terminal.
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            ready_fds, _, _ = select.select([master], [], [], 0.1)
            if ready_fds:
                try:
                    os.read(master, 1 << 16)
                except OSError:
                    pass
        os.close(master)
    key_time = keys_done - ready
    print(f"rows {arguments.rows}, window {columns}x{rows}, keys {arguments.keys}")
    print(f"first screen after {ready - start:.2f} s wall")
    if arguments.keys:
        print(f"{arguments.keys} keys in {key_time:.3f} s wall: "
              f"{arguments.keys / key_time:.1f} keys/s, {1000 * key_time / arguments.keys:.2f} ms/key")
    print(f"child CPU: user {usage.ru_utime:.2f} s, system {usage.ru_stime:.2f} s; "
          f"peak RSS {usage.ru_maxrss / 1024:.0f} MiB; exit status {os.waitstatus_to_exitcode(status)}")


if __name__ == "__main__":
    main()
