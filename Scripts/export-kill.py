#!/usr/bin/env python3
"""Kills `tablekit export` with SIGKILL at many moments and checks the site is never a mix.

    python3 Scripts/export-kill.py path/to/tablekit WORKDIR [ITERATIONS] [-- EXPORT-ARGS...]

Exports the same hierarchy twice into references A and B (with --title A and --title B, so
every page of A differs from its page in B). Then, ITERATIONS times: the target folder is made
a copy of A, an export of B into it is started and killed with SIGKILL after a delay that
sweeps from 0 to 1.5 times an export's duration, and the target must then hold exactly A (the
old site) or exactly B (the new one): the same files with the same bytes, nothing more,
nothing less. Hidden temporaries left beside the target by a kill are counted (SIGKILL cannot
be caught, so they are expected) and removed.

Prints how many kills found the old site and how many the new; exits 1 on a mix.
"""
import os
import shutil
import signal
import subprocess
import sys
import time


def tree(folder):
    files = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, folder)] = f.read()
    return files


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[: args.index("--")]
    tablekit, work = args[0], args[1]
    iterations = int(args[2]) if len(args) > 2 else 30
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    a, b, target = (os.path.join(work, n) for n in ("A", "B", "site"))
    subprocess.run([tablekit, "export", *extra, "--title", "A", "--out", a], check=True,
                   stdout=subprocess.DEVNULL)
    start = time.monotonic()
    subprocess.run([tablekit, "export", *extra, "--title", "B", "--out", b], check=True,
                   stdout=subprocess.DEVNULL)
    duration = time.monotonic() - start
    old, new = tree(a), tree(b)
    assert old.keys() == new.keys() and all(old[k] != new[k] for k in old if k.endswith(".html"))
    outcomes = {"old": 0, "new": 0}
    leftovers = 0
    for index in range(iterations):
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(a, target)
        delay = duration * 1.5 * index / max(1, iterations - 1)
        process = subprocess.Popen([tablekit, "export", *extra, "--title", "B", "--out", target],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        found = tree(target) if os.path.isdir(target) else None
        if found == old:
            outcomes["old"] += 1
        elif found == new:
            outcomes["new"] += 1
        else:
            missing = None if found is None else sorted(set(old) - set(found))[:3]
            mixed = None if found is None else sorted(
                k for k in found if k in old and found[k] != old[k] and found[k] != new.get(k))[:3]
            print(f"FAIL kill {index} after {delay:.3f}s: the site is neither old nor new "
                  f"(folder present: {found is not None}; missing {missing}; foreign {mixed})")
            return 1
        for name in os.listdir(work):
            if name.startswith(".site"):
                leftovers += 1
                path = os.path.join(work, name)
                shutil.rmtree(path) if os.path.isdir(path) else os.unlink(path)
    print(f"ok   {iterations} SIGKILLs over 0–{duration * 1.5:.2f}s of a {len(new)}-file export: "
          f"old site {outcomes['old']}, new site {outcomes['new']}, never a mix "
          f"({leftovers} hidden temporaries left by the kills, removed)")
    if not (outcomes["old"] and outcomes["new"]):
        print("FAIL the kills did not land both before and after the swap; the sweep missed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
