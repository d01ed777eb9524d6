#!/usr/bin/env python3
"""Generate Sources/TableRender/Text/DisplayWidth+Tables.swift from the Unicode Character Database.

The data comes from the PyPI package `unicodedata2` (the latest UCD as a Python module):
`east_asian_width` decides which code points are wide and `category` which are zero width. The
few properties `unicodedata2` does not expose are spelled out below from the Unicode data files
they come from (PropList.txt, emoji-data.txt); they are small and stable.

Usage, from the repository root (pip install unicodedata2 into .build/venv first):

    .build/venv/bin/python Scripts/generate-width-tables.py

Running it twice gives the same file.
"""

from __future__ import annotations

import bisect
import pathlib
import sys

import unicodedata2

OUTPUT = pathlib.Path(__file__).resolve().parent.parent.joinpath(
    "Sources", "TableRender", "Text", "DisplayWidth+Tables.swift"
)
MAX_CODE_POINT = 0x10FFFF
LINE_LENGTH = 100
# The block bitmaps cover the BMP and the SMP in blocks of 64 code points.
BITMAP_LIMIT = 0x20000
BLOCK_SIZE = 64

# General categories that never advance the cursor: nonspacing and enclosing marks, C0/C1
# controls, and the line and paragraph separators.
ZERO_WIDTH_CATEGORIES = {"Mn", "Me", "Cc", "Zl", "Zp"}

# Format characters (Cf) are invisible, except the prepended concatenation marks
# (PropList.txt, Prepended_Concatenation_Mark), which are drawn, and the soft hyphen, which
# terminals draw as a hyphen (POSIX wcwidth gives it 1 as well).
VISIBLE_FORMAT_CHARACTERS = {
    0x00AD,
    *range(0x0600, 0x0606),
    0x06DD,
    0x070F,
    0x0890,
    0x0891,
    0x08E2,
    0x110BD,
    0x110CD,
}

# PropList.txt, Other_Default_Ignorable_Code_Point (together with Cf and the variation
# selectors, which are Mn, this makes Default_Ignorable_Code_Point). U+115F HANGUL CHOSEONG
# FILLER is left out on purpose: it stands in for a leading consonant and carries the width of
# the syllable it starts, so it stays wide.
OTHER_DEFAULT_IGNORABLE = [
    (0x034F, 0x034F),
    (0x1160, 0x1160),
    (0x17B4, 0x17B5),
    (0x2065, 0x2065),
    (0x3164, 0x3164),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0xE0000, 0xE0000),
    (0xE0002, 0xE001F),
    (0xE0080, 0xE00FF),
    (0xE01F0, 0xE0FFF),
]

# Hangul medial vowels and final consonants (conjoining jamo): they join the leading consonant
# before them into one syllable block, so they add nothing to its width.
HANGUL_MEDIAL_JAMO = [(0x1160, 0x11FF), (0xD7B0, 0xD7FF)]

# emoji-data.txt: the regional indicators are the only Emoji_Presentation=Yes characters whose
# East_Asian_Width is not W (it is N). Every other Emoji_Presentation character has been W since
# Unicode 9, so W and F cover them. unicodedata2 does not expose emoji properties.
EMOJI_PRESENTATION_NOT_WIDE = [(0x1F1E6, 0x1F1FF)]

# Wide scalars that can share a grapheme cluster with the scalar before them or after them
# (UAX #29): the Hangul leading consonants (Grapheme_Cluster_Break L, which join a following
# syllable), the regional indicators (pairs), and the wide spacing marks and modifier symbols
# (Mc and Sk: the Hangul tone marks, the skin tone modifiers, ...). DisplayWidth leaves its
# scalar-by-scalar shortcut when it meets one of them.
HANGUL_LEADING_CONSONANTS = [(0x1100, 0x115F), (0xA960, 0xA97F)]
JOINING_CATEGORIES = {"Mc", "Sk"}


def in_ranges(code_point: int, ranges: list[tuple[int, int]]) -> bool:
    """Whether `code_point` lies in one of `ranges` (inclusive bounds)."""
    return any(lower <= code_point <= upper for lower, upper in ranges)


def is_zero_width(code_point: int) -> bool:
    """Whether `code_point` adds no columns to the grapheme cluster it is part of."""
    character = chr(code_point)
    category = unicodedata2.category(character)
    if category in ZERO_WIDTH_CATEGORIES:
        return True
    if category == "Cf" and code_point not in VISIBLE_FORMAT_CHARACTERS:
        return True
    return in_ranges(code_point, OTHER_DEFAULT_IGNORABLE) or in_ranges(
        code_point, HANGUL_MEDIAL_JAMO
    )


def is_wide(code_point: int) -> bool:
    """Whether `code_point` takes two columns (East Asian Wide or Fullwidth, or emoji)."""
    if unicodedata2.east_asian_width(chr(code_point)) in ("W", "F"):
        return True
    return in_ranges(code_point, EMOJI_PRESENTATION_NOT_WIDE)


def is_joining(code_point: int) -> bool:
    """Whether the wide `code_point` can join a neighbouring scalar into one grapheme cluster."""
    return (
        unicodedata2.category(chr(code_point)) in JOINING_CATEGORIES
        or in_ranges(code_point, HANGUL_LEADING_CONSONANTS)
        or in_ranges(code_point, EMOJI_PRESENTATION_NOT_WIDE)
    )


def collect_ranges() -> tuple[list[tuple[int, int]], ...]:
    """The merged zero-width, wide and joining wide ranges.

    A code point is in at most one of the first two; the third is a subset of the second.
    """
    zero: list[tuple[int, int]] = []
    wide: list[tuple[int, int]] = []
    joining: list[tuple[int, int]] = []

    def add(ranges: list[tuple[int, int]], code_point: int) -> None:
        if ranges and ranges[-1][1] == code_point - 1:
            ranges[-1] = (ranges[-1][0], code_point)
        else:
            ranges.append((code_point, code_point))

    for code_point in range(MAX_CODE_POINT + 1):
        if 0xD800 <= code_point <= 0xDFFF:
            continue  # Surrogates are not Unicode scalars; no Swift string holds them.
        if is_zero_width(code_point):
            add(zero, code_point)
        elif is_wide(code_point):
            add(wide, code_point)
            if is_joining(code_point):
                add(joining, code_point)
    return zero, wide, joining


def swift_array(name: str, summary: str, ranges: list[tuple[int, int]]) -> list[str]:
    """Swift source lines declaring `ranges` as a `static let` array of closed ranges."""
    entries = [f"0x{lower:04X}...0x{upper:04X}," for lower, upper in ranges]
    lines = [
        f"  /// {summary}",
        "  ///",
        f"  /// {len(ranges)} sorted, disjoint, non-adjacent ranges of scalar values.",
        f"  static let {name}: [ClosedRange<UInt32>] = [",
    ]
    indent = "    "
    current = ""
    for entry in entries:
        candidate = f"{current} {entry}" if current else entry
        if len(indent) + len(candidate) > LINE_LENGTH:
            lines.append(indent + current)
            current = entry
        else:
            current = candidate
    if current:
        lines.append(indent + current)
    lines.append("  ]")
    return lines


def in_sorted_ranges(code_point: int, ranges: list[tuple[int, int]]) -> bool:
    """Whether `code_point` lies in one of the sorted, disjoint `ranges`."""
    index = bisect.bisect_left(ranges, (code_point + 1,)) - 1
    return index >= 0 and ranges[index][0] <= code_point <= ranges[index][1]


def block_bitmaps(
    zero: list[tuple[int, int]], wide: list[tuple[int, int]]
) -> tuple[list[int], list[int], list[int]]:
    """Per block of 64 code points below U+20000, whether it has zero-width scalars, whether it
    has wide ones and whether all its scalars are wide; bit `b` of word `w` is block `64w + b`."""
    words = BITMAP_LIMIT // BLOCK_SIZE // 64
    has_zero, has_wide, all_wide = [0] * words, [0] * words, [0] * words
    for block in range(BITMAP_LIMIT // BLOCK_SIZE):
        code_points = [
            code_point
            for code_point in range(block * BLOCK_SIZE, (block + 1) * BLOCK_SIZE)
            if not 0xD800 <= code_point <= 0xDFFF
        ]
        wide_flags = [in_sorted_ranges(code_point, wide) for code_point in code_points]
        bit = 1 << (block % 64)
        if any(in_sorted_ranges(code_point, zero) for code_point in code_points):
            has_zero[block // 64] |= bit
        if any(wide_flags):
            has_wide[block // 64] |= bit
        if code_points and all(wide_flags):
            all_wide[block // 64] |= bit
    return has_zero, has_wide, all_wide


def swift_bitmap(name: str, summary: str, words: list[int]) -> list[str]:
    """Swift source lines declaring `words` as a `static let` array of 64-bit words."""
    lines = [
        f"  /// {summary}",
        "  ///",
        "  /// Bit `b` of word `w` stands for the 64 code points from `(64 * w + b) * 64` on.",
        f"  static let {name}: [UInt64] = [",
    ]
    entries = [f"0x{word >> 32:08X}_{word & 0xFFFFFFFF:08X}," for word in words]
    for start in range(0, len(entries), 4):
        lines.append("    " + " ".join(entries[start:start + 4]))
    lines.append("  ]")
    return lines


def render(
    zero: list[tuple[int, int]], wide: list[tuple[int, int]], joining: list[tuple[int, int]]
) -> str:
    """The complete Swift file."""
    version = unicodedata2.unidata_version
    header = [
        "// This file is generated by Scripts/generate-width-tables.py. Do not edit it by hand.",
        f"// Unicode {version}, from the Unicode Character Database in the PyPI package",
        f"// unicodedata2 {version} (General_Category and East_Asian_Width).",
        "//",
        "// Zero width: General_Category Mn, Me, Cc, Zl, Zp; Cf except the prepended concatenation",
        "// marks and U+00AD SOFT HYPHEN; Other_Default_Ignorable_Code_Point (PropList.txt) except",
        "// U+115F HANGUL CHOSEONG FILLER; the Hangul medial vowels and final consonants",
        "// U+1160-U+11FF and U+D7B0-U+D7FF.",
        "//",
        "// Wide: East_Asian_Width W or F (unassigned code points take the UCD default, so the",
        "// unassigned parts of the CJK blocks and of planes 2 and 3 are wide), plus the regional",
        "// indicators U+1F1E6-U+1F1FF. Emoji_Presentation is not exposed by unicodedata2; since",
        "// Unicode 9 every Emoji_Presentation=Yes character is East_Asian_Width W except the",
        "// regional indicators, so W and F plus that one range cover it.",
        "//",
        "// A code point in neither table is one column wide.",
    "//",
    "// Joining wide (a subset of wide): the Hangul leading consonants U+1100-U+115F and",
    "// U+A960-U+A97F, the regional indicators, and wide scalars of General_Category Mc or Sk;",
    "// these can share a grapheme cluster with a neighbouring scalar.",
    "//",
    "// Block bitmaps: for each block of 64 code points below U+20000, whether the tables above",
    "// put any of its scalars in zero width, any in wide, or all of them in wide; they let",
    "// most lookups skip the binary searches.",
        "",
        "extension DisplayWidth {",
    ]
    body = swift_array(
        "zeroWidthRanges",
        "Scalars that add no columns: marks, controls, format and default-ignorable characters.",
        zero,
    )
    body.append("")
    body += swift_array(
        "wideRanges",
        "Scalars that take two columns: East Asian Wide and Fullwidth, and emoji.",
        wide,
    )
    body.append("")
    body += swift_array(
        "joiningWideRanges",
        "Wide scalars that can share a grapheme cluster with a neighbour: Hangul leading "
        "consonants,\n  /// regional indicators, wide spacing marks and modifier symbols.",
        joining,
    )
    has_zero, has_wide, all_wide = block_bitmaps(zero, wide)
    body.append("")
    body += swift_bitmap(
        "zeroWidthBlocks", "Blocks below U+20000 that hold a zero-width scalar.", has_zero
    )
    body.append("")
    body += swift_bitmap("wideBlocks", "Blocks below U+20000 that hold a wide scalar.", has_wide)
    body.append("")
    body += swift_bitmap(
        "allWideBlocks", "Blocks below U+20000 whose scalars are all wide.", all_wide
    )
    return "\n".join(header + body + ["}", ""])


def main() -> int:
    zero, wide, joining = collect_ranges()
    OUTPUT.write_text(render(zero, wide, joining), encoding="utf-8")
    print(
        f"Unicode {unicodedata2.unidata_version}: {len(zero)} zero-width ranges, "
        f"{len(wide)} wide ranges ({len(joining)} joining) -> {OUTPUT}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
