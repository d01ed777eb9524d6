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

Then the same with two exports of a grouped file that differ in one row: the target is a
copy of A (a site TableKit wrote), so the killed export links A's unchanged pages into its
staged folder instead of writing them; killing it must still leave A or B whole.

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


def sweep(tablekit, work, old_args, new_args, iterations, label):
    """Exports old_args into A and new_args into B, then kills exports of B over copies of A."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    a, b, target = (os.path.join(work, n) for n in ("A", "B", "site"))
    subprocess.run([tablekit, "export", *old_args, "--out", a], check=True,
                   stdout=subprocess.DEVNULL)
    start = time.monotonic()
    subprocess.run([tablekit, "export", *new_args, "--out", b], check=True,
                   stdout=subprocess.DEVNULL)
    duration = time.monotonic() - start
    old, new = tree(a), tree(b)
    same = sum(1 for k in old if old[k] == new.get(k))
    assert old != new, "the two exports are the same"
    outcomes = {"old": 0, "new": 0}
    leftovers = 0
    for index in range(iterations):
        shutil.rmtree(target, ignore_errors=True)
        # A site TableKit wrote (the copy keeps the marker): the re-export links its unchanged
        # files from it.
        shutil.copytree(a, target)
        delay = duration * 1.5 * index / max(1, iterations - 1)
        process = subprocess.Popen([tablekit, "export", *new_args, "--out", target],
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
            print(f"FAIL {label}: kill {index} after {delay:.3f}s: the site is neither old nor new "
                  f"(folder present: {found is not None}; missing {missing}; foreign {mixed})")
            return 1
        for name in os.listdir(work):
            if name.startswith(".site"):
                leftovers += 1
                path = os.path.join(work, name)
                shutil.rmtree(path) if os.path.isdir(path) else os.unlink(path)
    print(f"ok   {label}: {iterations} SIGKILLs over 0–{duration * 1.5:.2f}s of a {len(new)}-file "
          f"export ({same} files unchanged): old site {outcomes['old']}, new site "
          f"{outcomes['new']}, never a mix ({leftovers} hidden temporaries left by the kills, "
          f"removed)")
    if not (outcomes["old"] and outcomes["new"]):
        print(f"FAIL {label}: the kills did not land both before and after the swap; the sweep "
              f"missed")
        return 1
    return 0


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[: args.index("--")]
    tablekit, work = args[0], args[1]
    iterations = int(args[2]) if len(args) > 2 else 30
    # Every page differs (each names its site).
    status = sweep(tablekit, os.path.join(work, "all"), [*extra, "--title", "A"],
                   [*extra, "--title", "B"], iterations, "every page changed")
    if status:
        return status
    # One row changed in a grouped file: the re-export links every other page from the old site.
    os.makedirs(work, exist_ok=True)
    inputs = []
    for version, amount in (("1", "10"), ("2", "11")):
        # The same name in two folders: the site's title is the file's name.
        os.makedirs(os.path.join(work, "v" + version), exist_ok=True)
        path = os.path.join(work, "v" + version, "sales.csv")
        with open(path, "w") as f:
            f.write("region,customer,amount\n")
            for row in range(400):
                value = amount if row == 123 else str(row)
                f.write(f"r{row % 8},c{row % 40},{value}\n")
        inputs.append(path)
    return sweep(tablekit, os.path.join(work, "one-row"),
                 [inputs[0], "--group-by", "region,customer"],
                 [inputs[1], "--group-by", "region,customer"], iterations, "one row changed")


if __name__ == "__main__":
    sys.exit(main())
