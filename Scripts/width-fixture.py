#!/usr/bin/env python3
"""Write the display-width test fixtures from wcwidth, the outside oracle for DisplayWidth.

Produces, relative to the repository root:

    Tests/TableRenderTests/Fixtures/display-width.tsv
        One case a line: the string as hexadecimal code points separated by spaces, a tab, and
        the width `wcwidth.wcswidth` gives it.
    Tests/TableRenderTests/Fixtures/display-width-differences.tsv
        The cases where DisplayWidth deliberately disagrees with wcwidth: code points, a tab,
        DisplayWidth's width, a tab, and the reason.

The cases are a hand-written corpus (scripts, emoji sequences, invisible characters, marks),
strings mixed from it, and a fixed sample of single code points from the BMP and the SMP.
Lines starting with `#` are comments. The output depends only on the versions of wcwidth and
unicodedata2, so running the script twice gives the same files.

Usage, from the repository root (pip install wcwidth unicodedata2 into .build/venv first):

    .build/venv/bin/python Scripts/width-fixture.py
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import pathlib
import sys
from typing import Callable, Optional

import unicodedata2
import wcwidth

FIXTURES = pathlib.Path(__file__).resolve().parent.parent.joinpath(
    "Tests", "TableRenderTests", "Fixtures"
)
SEED = "tablekit-display-width"
SAMPLE_SIZES = {"BMP": (0x0000, 0xFFFF, 2000), "SMP": (0x10000, 0x1FFFF, 1000)}
SKIPPED_CATEGORIES = {"Cc", "Cs", "Cn", "Co"}  # controls, surrogates, unassigned, private use

# The hand-written corpus, in groups. Every entry is a string to measure.
CORPUS: dict[str, list[str]] = {
    "ASCII": [
        "",
        " ",
        "a",
        "abc",
        "Hello, World!",
        "~",
        "".join(chr(code_point) for code_point in range(0x20, 0x7F)),
        "price: $1,000.00 (net)",
    ],
    "Latin, precomposed and decomposed": [
        "\u00e9",
        "e\u0301",
        "Zo\u00eb Caf\u00e9",
        "Zoe\u0308 Cafe\u0301",
        "na\u00efve",
        "\u00c5ngstr\u00f6m",
        "A\u030angstro\u0308m",
        "\u00f1",
        "n\u0303",
        "a\u0301\u0302\u0303",
        "stra\u00dfe",
        "\u0153uvre",
        "\u0141\u00f3d\u017a",
        "\u01c5",
        "Ti\u1ebfng Vi\u1ec7t",
        "Tie\u0302\u0301ng Vie\u0323\u0302t",
        "\u00a0",
        "\u00bd \u00b1 \u00a7 \u00b0",
        "\u02c6\u02dc",
    ],
    "CJK ideographs and kana": [
        "\u65e5\u672c",
        "\u65e5\u672c\u8a9e",
        "\u4e2d\u6587",
        "\u6f22\u5b57\u30c6\u30b9\u30c8",
        "\u3072\u3089\u304c\u306a",
        "\u30ab\u30bf\u30ab\u30ca",
        "\u304b\u3099",
        "\u3001\u3002\u300c\u300d",
        "\u3000",
        "\U00020000",
        "\U0002a700\U0002b740",
        "\u3400\u4dbf\u9fff",
        "\uf900",
    ],
    "Hangul syllables and conjoining jamo": [
        "\ud55c\uad6d\uc5b4",
        "\uc548\ub155\ud558\uc138\uc694",
        "\u1100\u1161",
        "\u1100\u1161\u11a8",
        "\u1112\u1161\u11ab\u1100\u116e\u11a8\u110b\u1165",
        "\uac00\u11a8",
        "\u1100",
        "\u1161",
        "\u11a8",
        "\ua960\ud7b0",
        "\u115f\u1161",
        "\u3164",
        "\uffa0",
        "\u3131\u314f",
        "\uffa1\uffc2",
    ],
    "Fullwidth and halfwidth forms": [
        "\uff21\uff22\uff23",
        "\uff11\uff12\uff13",
        "\uff01",
        "\uffe5",
        "\uffe6",
        "\uff76\uff80\uff76\uff85",
        "\uff76\uff9e",
        "\uff8a\uff9f",
        "\uff61\uff62",
        "\uffe8",
    ],
    "Greek, Cyrillic, Arabic, Hebrew": [
        "\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac",
        "\u03b1\u0301",
        "\u0420\u0443\u0441\u0441\u043a\u0438\u0439",
        "\u0438\u0306",
        "\u0627\u0644\u0639\u0631\u0628\u064a\u0629",
        "\u0645\u064e\u0631\u0652\u062d\u064e\u0628\u064b\u0627",
        "\u0600\u0661\u0662",
        "\u05e2\u05d1\u05e8\u05d9\u05ea",
        "\u05e9\u05c1\u05b8\u05dc\u05d5\u05b9\u05dd",
    ],
    "Thai and Lao": [
        "\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22",
        "\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35",
        "\u0e01\u0e33",
        "\u0e19\u0e49\u0e33",
        "\u0e33",
        "\u0e31",
        "\u0ea5\u0eb2\u0ea7",
    ],
    "Devanagari and other Indic scripts": [
        "\u0915",
        "\u0915\u093f",
        "\u0939\u093f\u0928\u094d\u0926\u0940",
        "\u0928\u092e\u0938\u094d\u0924\u0947",
        "\u0915\u094d\u0937",
        "\u0915\u094d\u200d\u0937",
        "\u0950",
        "\u0967\u0968\u0969",
        "\u0915\u0901",
        "\u0924\u092e\u093f\u0934\u094d",
        "\u0ba4\u0bae\u0bbf\u0bb4\u0bcd",
        "\u0915\u094d\u0937\u093f",
    ],
    "Emoji": [
        "\U0001f600",
        "\U0001f44d",
        "\U0001f389",
        "\U0001f600\U0001f600",
        "\u263a",
        "\u2764",
        "\u2764\ufe0f",
        "\u263a\ufe0f",
        "\u2714\ufe0f",
        "\u231a",
        "\u23f0",
        "\u231a\ufe0e",
        "\u263a\ufe0e",
        "\u2764\ufe0e",
        "\U0001f321",
        "\U0001f321\ufe0f",
        "\U0001f44d\U0001f3fd",
        "\u261d\U0001f3fb",
        "\u270c\U0001f3ff",
        "\U0001f3fb",
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",
        "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466",
        "\U0001f469\u200d\U0001f4bb",
        "\U0001f3f3\ufe0f\u200d\U0001f308",
        "\u2764\ufe0f\u200d\U0001f525",
        "\U0001f9d1\U0001f3fd\u200d\U0001f680",
        "\U0001f469\U0001f3fb\u200d\u2764\ufe0f\u200d\U0001f48b\u200d\U0001f468\U0001f3fc",
        "\U0001f3f4\u200d\u2620\ufe0f",
        "\U0001f1ef\U0001f1f5",
        "\U0001f1fa\U0001f1f8",
        "\U0001f1ef\U0001f1f5\U0001f1fa\U0001f1f8",
        "\U0001f1ef",
        "\U0001f1ef\U0001f1f5\U0001f1fa",
        "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
        "1\ufe0f\u20e3",
        "#\ufe0f\u20e3",
        "*\ufe0f\u20e3",
        "1\u20e3",
        "\U0001f51f",
        "\u3030\ufe0f",
        "\u303d\ufe0f",
        "\U0001fae9",
        "\U0001f590\ufe0f",
        "\u00a9\ufe0f",
    ],
    "VS16 and skin tone modifiers after other characters": [
        " \ufe0f",
        "a\ufe0f",
        "+\ufe0f",
        "\u0301\ufe0f",
        " \U0001f3fb",
        "a\U0001f3fb",
        "\u00e9\U0001f3fb",
        "\u65e5\U0001f3fb",
        "\U0001f3fb\ufe0f",
        "\U0001f44d\U0001f3fd\U0001f3fd",
        "x \U0001f3ff y",
        "\U0001f590\U0001f3fb",
        "\u2764\U0001f3fb",
    ],
    "Zero-width and invisible characters": [
        "\u200b",
        "a\u200bb",
        "\u200c",
        "\u200d",
        "a\u200db",
        "\u2060",
        "\ufeff",
        "\ufeffabc",
        "\ufe0f",
        "\ufe0e",
        "\ufe00",
        "\U000e0100",
        "\u00ad",
        "soft\u00adhyphen",
        "\u200e",
        "\u200f",
        "\u2061",
        "\u2028",
        "\U000e0001",
        "\u180e",
        "\u034f",
        "\u17b4",
    ],
    "Combining marks, alone and stacked": [
        "\u0301",
        "\u0301\u0302",
        "\u0300\u0301\u0302\u0303\u0304",
        "\u20dd",
        "a\u20dd",
        "\u0489",
        " \u0301",
        "Z\u0351\u036b\u0343\u036a\u0302\u036b\u033d\u034f\u0334\u0319\u0324\u031e\u0349\u035a",
        "o\u0332\u0305",
        "\u302a",
    ],
    "Symbols and spaces": [
        "\u2003",
        "\u2211\u2192\u2190",
        "\u2500\u2502\u250c\u2510",
        "\u2460\u2461",
        "\u20ac",
        "\u2122",
    ],
}

# Words for the mixed strings: each starts with a base character and forms clusters of its own.
MIXED_WORDS = [
    "abc",
    "Zo\u00eb",
    "Cafe\u0301",
    "\u65e5\u672c\u8a9e",
    "\ud55c\uad6d\uc5b4",
    "\u1100\u1161\u11a8",
    "\uff76\uff80\uff76\uff85",
    "\uff21\uff22",
    "\u0420\u0443\u0441",
    "\u05e2\u05d1\u05e8",
    "\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35",
    "\U0001f600",
    "\u2764\ufe0f",
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",
    "\U0001f1ef\U0001f1f5",
    "\U0001f44d\U0001f3fd",
    "1\ufe0f\u20e3",
    "x\u200by",
    "\u3000",
    "42",
]
MIXED_COUNT = 200

# Where DisplayWidth disagrees with wcwidth on purpose: the string, DisplayWidth's width, and
# why. Every other case in the corpus must agree with wcwidth.
MODIFIER_ON_TEXT_BASE = (
    "an emoji modifier sequence is one emoji, 2 wide, also on a text-default base; wcwidth "
    "drops the modifier after bases outside its ZWJ list"
)
KNOWN_DIFFERENCES: dict[str, tuple[int, str]] = {
    "\u0939\u093f\u0928\u094d\u0926\u0940": (
        5,
        "every spacing letter and vowel sign takes a column, as in POSIX wcwidth; wcwidth caps "
        "the conjunct cluster NA+VIRAMA+DA+II at 2",
    ),
    "\u231a\ufe0e": (
        2,
        "VS15 adds no width and the base is East Asian Wide (the renderer cannot know whether the "
        "terminal honours VS15); wcwidth narrows it to 1",
    ),
    "\u261d\U0001f3fb": (2, MODIFIER_ON_TEXT_BASE),
    "\U0001f590\U0001f3fb": (2, MODIFIER_ON_TEXT_BASE),
    "\u2764\U0001f3fb": (
        3,
        "a skin tone modifier after a character that is no emoji modifier base is drawn as a "
        "swatch of its own, 2 wide, as after a space or a letter (wcwidth agrees there); wcwidth "
        "drops it after an emoji",
    ),
    "\u0915\u094d\u0937\u093f": (
        3,
        "every spacing letter and vowel sign takes a column, as in POSIX wcwidth and the terminals "
        "that use it; wcwidth caps the conjunct cluster KA+VIRAMA+SSA+I at 2",
    ),
    "\u270c\U0001f3ff": (2, MODIFIER_ON_TEXT_BASE),
    "a\u200db": (
        2,
        "a ZWJ between letters joins nothing (UAX #29 breaks before the b); wcwidth skips the "
        "character after any ZWJ",
    ),
}


def lone_spacing_mark(text: str) -> Optional[tuple[int, str]]:
    """DisplayWidth's width and the reason, when `text` is a single spacing mark (Mc)."""
    if len(text) != 1 or unicodedata2.category(text) != "Mc":
        return None
    wide = unicodedata2.east_asian_width(text) in ("W", "F")
    return (
        2 if wide else 1,
        "a spacing mark (Mc) with no base is its own cluster and takes its own column(s), as "
        "in POSIX wcwidth; wcwidth gives Mc 0 unless it follows a base",
    )


DIFFERENCE_RULES: list[Callable[[str], Optional[tuple[int, str]]]] = [
    lambda text: KNOWN_DIFFERENCES.get(text),
    lone_spacing_mark,
]


def hex_code_points(text: str) -> str:
    """`text` as upper-case hexadecimal code points separated by spaces."""
    return " ".join(f"{ord(character):04X}" for character in text)


def stable_key(*parts: object) -> bytes:
    """A digest that orders items the same way on every run and every Python version."""
    return hashlib.sha256(":".join([SEED, *map(str, parts)]).encode()).digest()


def sampled_code_points() -> list[str]:
    """A fixed sample of single assigned, printable, public code points from the BMP and SMP."""
    sample: list[str] = []
    for plane, (first, last, count) in SAMPLE_SIZES.items():
        eligible = [
            code_point
            for code_point in range(first, last + 1)
            if unicodedata2.category(chr(code_point)) not in SKIPPED_CATEGORIES
            and wcwidth.wcswidth(chr(code_point)) >= 0
        ]
        chosen = sorted(eligible, key=lambda code_point: stable_key(plane, code_point))[:count]
        sample += [chr(code_point) for code_point in sorted(chosen)]
    return sample


def mixed_strings() -> list[str]:
    """Strings of two to five words from `MIXED_WORDS`, joined by spaces, chosen by digest."""
    strings = []
    for index in range(MIXED_COUNT):
        digest = stable_key("mixed", index)
        length = 2 + digest[0] % 4
        words = [MIXED_WORDS[byte % len(MIXED_WORDS)] for byte in digest[1 : 1 + length]]
        strings.append(" ".join(words))
    return strings


def main() -> int:
    wcwidth_version = importlib.metadata.version("wcwidth")
    wcwidth_unicode = wcwidth.list_versions()[-1]
    unicode_version = unicodedata2.unidata_version
    cases: list[str] = []
    for group in CORPUS.values():
        cases += group
    cases += mixed_strings()
    cases += sampled_code_points()

    agreed: list[str] = []
    differences: list[str] = []
    seen: set[str] = set()
    for text in cases:
        if text in seen:
            continue
        seen.add(text)
        expected = wcwidth.wcswidth(text)
        if expected < 0:
            raise SystemExit(f"wcwidth cannot measure {hex_code_points(text)}; drop it")
        ours = next((rule(text) for rule in DIFFERENCE_RULES if rule(text) is not None), None)
        if ours is not None and ours[0] != expected:
            differences.append(f"{hex_code_points(text)}\t{ours[0]}\twcwidth {expected}: {ours[1]}")
        else:
            agreed.append(f"{hex_code_points(text)}\t{expected}")

    source = (
        f"# Generated by Scripts/width-fixture.py from wcwidth {wcwidth_version} (wcswidth, "
        f"Unicode {wcwidth_unicode}) and unicodedata2 (Unicode {unicode_version}). Do not edit."
    )
    FIXTURES.mkdir(parents=True, exist_ok=True)
    (FIXTURES / "display-width.tsv").write_text(
        "\n".join([source, "# code points<TAB>width", *agreed]) + "\n", encoding="utf-8"
    )
    (FIXTURES / "display-width-differences.tsv").write_text(
        "\n".join([source, "# code points<TAB>DisplayWidth's width<TAB>reason", *differences])
        + "\n",
        encoding="utf-8",
    )
    print(f"wcwidth {wcwidth_version} (Unicode {wcwidth_unicode} tables)")
    print(f"unicodedata2 Unicode {unicode_version}")
    print(f"{len(agreed)} cases in display-width.tsv, {len(differences)} in the differences")
    return 0


if __name__ == "__main__":
    sys.exit(main())
