#!/usr/bin/env python3
"""Checks TableKit's own DEFLATE and ZIP writer (Sources/TableRender/Zip) against Python's zlib
and zipfile, the oracle.

Usage: zip-oracle.py BENCH [XLSX...]

BENCH is a built tablekit-bench. For each input below (empty, one byte, 10 MB of one byte,
random incompressible bytes, text, long matches at the 32 KiB window's edge, ...), the raw
DEFLATE stream of `BENCH --deflate CHUNK` (for several chunk sizes, at the default level) and
of `BENCH --deflate 65536 LEVEL` (each of zlib's levels 1-6) must inflate with
zlib.decompress(raw, -15) to the input, byte for byte. Then `BENCH --zip` archives every input
(plain and with ZIP64 forced) and zipfile must find nothing wrong (testzip() is None, every
member's bytes and CRC equal to the input's). Each XLSX given (a workbook `tablekit -f xlsx`
wrote) must pass testzip() too. Prints one line per check and exits 1 on the first failure.
"""
import os
import random
import subprocess
import sys
import tempfile
import zipfile
import zlib


def inputs():
    rng = random.Random(37)
    window = 32768
    block = bytes(rng.randrange(256) for _ in range(300))
    yield "empty", b""
    yield "one-byte", b"x"
    yield "two-bytes", b"ab"
    yield "same-10MB", b"a" * 10_000_000
    yield "random-1MB", rng.randbytes(1_000_000)
    yield "random-70KB", rng.randbytes(70_000)
    text = open(__file__, "rb").read()
    yield "text-repeated", text * 40
    # A block, then filler, then the block again exactly at the farthest distance a match may
    # reach (32,768 - 262 with zlib's lookahead rule), at 32,768 and at one past it.
    for gap in (window - 262 - len(block), window - len(block), window - len(block) + 1,
                window - 258):
        filler = rng.randbytes(gap)
        yield f"window-edge-{gap}", block + filler + block + filler[:1000] + block
    # Matches of every length 3..300 at distances 1..40,000.
    parts = []
    for length in range(3, 300, 7):
        distance = rng.randrange(1, 40_000)
        parts.append(rng.randbytes(distance))
        parts.append(parts[-1][:length] if len(parts[-1]) >= length else b"z" * length)
    yield "lengths", b"".join(parts)
    yield "runs", b"".join(bytes([rng.randrange(4)]) * rng.randrange(1, 600) for _ in range(5000))
    yield "all-bytes", bytes(range(256)) * 1000
    yield "low-entropy", bytes(rng.choice(b"ab") for _ in range(200_000))


def fail(message):
    print(f"zip-oracle: FAIL {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    bench = sys.argv[1]
    checks = 0
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, data in inputs():
            chunks = (1 << 16, 1, 4099) if len(data) <= 200_000 else (1 << 16, 1_000_003)
            # The default level in pieces of several sizes, then every level (zlib's 1-6).
            runs = [(chunk, []) for chunk in chunks] + [(1 << 16, [str(n)]) for n in range(1, 7)]
            for chunk, level in runs:
                raw = subprocess.run([bench, "--deflate", str(chunk), *level], input=data,
                                     capture_output=True, check=True).stdout
                what = f"{name} (chunks of {chunk}, level {level[0] if level else 'default'})"
                try:
                    back = zlib.decompress(raw, -15)
                except zlib.error as error:
                    fail(f"{what}: zlib cannot inflate it: {error}")
                if back != data:
                    fail(f"{what}: inflates to other bytes")
                checks += 1
                if not level:
                    ours = len(raw)
            zlibs = len(zlib.compress(data, 6)) - 6
            print(f"deflate {name}: {len(data)} -> {ours} bytes (zlib -6: {zlibs})")
            path = os.path.join(folder, name)
            with open(path, "wb") as f:
                f.write(data)
            paths.append((name, path, data))
        for forced in ([], ["--zip64"]):
            archive = os.path.join(folder, "archive.zip")
            subprocess.run([bench, "--zip", archive, *forced, *[p for _, p, _ in paths]],
                           check=True)
            with zipfile.ZipFile(archive) as z:
                bad = z.testzip()
                if bad is not None:
                    fail(f"zip {forced}: testzip() names {bad}")
                infos = z.infolist()
                if [i.filename for i in infos] != [p for _, p, _ in paths]:
                    fail(f"zip {forced}: members {[i.filename for i in infos]}")
                for (name, path, data), info in zip(paths, infos):
                    if z.read(info) != data or info.CRC != zlib.crc32(data):
                        fail(f"zip {forced}: member {name} differs")
                    if info.compress_type != zipfile.ZIP_DEFLATED:
                        fail(f"zip {forced}: member {name} is not deflated")
                    checks += 1
            print(f"zip {forced or 'classic'}: {len(infos)} members, testzip() None, bytes equal")
    for path in sys.argv[2:]:
        with zipfile.ZipFile(path) as z:
            bad = z.testzip()
            if bad is not None:
                fail(f"{path}: testzip() names {bad}")
            print(f"{path}: {len(z.infolist())} members, testzip() None")
            checks += 1
    print(f"zip-oracle: {checks} checks passed")


if __name__ == "__main__":
    main()
