#!/usr/bin/env python3
"""Generate Sources/TableKitReports/Formats/Generated/*.swift from CLDR, as Python's babel carries it.

Pinned: babel 2.19.0 (CLDR 47). The script refuses any other version, so a regenerated table means
the same thing on every machine:

    python -m pip install babel==2.19.0
    python Scripts/cldr-tables.py            # writes the two files
    python Scripts/cldr-tables.py --list     # prints the locale identifiers, one a line

Running it twice gives the same files; CI reruns it and fails when the output differs.

The locales (LOCALES below, 118 of them) are, by the rule written next to each group: every
official language of the European Union in each member state where it is official; the official
languages of every G20 member; the 40 languages with the most speakers (Ethnologue 2024) in their
main territories; the four national languages of Switzerland, with Liechtenstein; and a few
neighbours (en_150, en_NZ, en_SG, ...). Numbers use the Latin digits and the Latin-digit symbols
(`latn`) everywhere, as babel does by default: ar_EG, fa_IR and the others whose default
numbering system is not `latn` get CLDR's `latn` symbols for that locale (ar_EG writes
`1,234.5`, not `١٬٢٣٤٫٥`).

The currencies (CURRENCIES) are the 36 most traded (BIS Triennial Survey 2022) plus every
currency in CLDR's supplemental fraction table whose digits are not 2 (JPY 0, BHD 3, CLF 4, ...).
"""

from __future__ import annotations

import pathlib
import sys

import babel
from babel import Locale, numbers
from babel.core import get_global

BABEL_VERSION = "2.19.0"

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Sources" / "TableKitReports" / "Formats" / "Generated"

LOCALES = [
    # The European Union's 24 official languages, in each member state where they are official.
    "bg_BG", "hr_HR", "cs_CZ", "da_DK", "nl_NL", "nl_BE", "en_IE", "en_MT", "et_EE", "fi_FI",
    "sv_FI", "fr_FR", "fr_BE", "fr_LU", "de_DE", "de_AT", "de_BE", "de_LU", "el_GR", "el_CY",
    "hu_HU", "ga_IE", "it_IT", "lv_LV", "lt_LT", "lb_LU", "mt_MT", "pl_PL", "pt_PT", "ro_RO",
    "sk_SK", "sl_SI", "es_ES", "sv_SE", "ca_ES",
    # The G20 members' official languages (the EU's are above).
    "es_AR", "en_AU", "pt_BR", "en_CA", "fr_CA", "zh_Hans_CN", "hi_IN", "en_IN", "id_ID",
    "ja_JP", "ko_KR", "es_MX", "ru_RU", "ar_SA", "en_ZA", "af_ZA", "zu_ZA", "xh_ZA", "tr_TR",
    "en_GB", "en_US",
    # The languages with the most speakers, in their main territories.
    "zh_Hant_TW", "zh_Hant_HK", "es_US", "es_CO", "es_CL", "es_PE", "ar_EG", "ar_AE", "ar_MA",
    "ar_DZ", "bn_BD", "bn_IN", "ur_PK", "ur_IN", "pcm_NG", "mr_IN", "te_IN", "ta_IN",
    "yue_Hant_HK", "vi_VN", "fil_PH", "fa_IR", "ha_NG", "sw_TZ", "sw_KE", "jv_ID", "pa_Guru_IN",
    "gu_IN", "th_TH", "kn_IN", "am_ET", "yo_NG", "my_MM", "ml_IN", "or_IN", "uk_UA", "ms_MY",
    "uz_Latn_UZ", "ne_NP", "si_LK", "km_KH", "he_IL", "nb_NO", "az_Latn_AZ", "kk_KZ",
    "sr_Cyrl_RS", "ig_NG",
    # Switzerland's national languages and Liechtenstein.
    "de_CH", "fr_CH", "it_CH", "rm_CH", "de_LI",
    # Neighbours.
    "en_150", "en_NZ", "en_SG", "zh_Hans_SG", "is_IS", "ka_GE", "hy_AM", "sq_AL", "mk_MK",
    "bs_Latn_BA",
]

# The most traded currencies (BIS Triennial Survey 2022), in that order.
TRADED = [
    "USD", "EUR", "JPY", "GBP", "CNY", "AUD", "CAD", "CHF", "HKD", "SGD", "SEK", "KRW", "NOK",
    "NZD", "INR", "MXN", "TWD", "ZAR", "BRL", "DKK", "PLN", "THB", "ILS", "IDR", "CZK", "AED",
    "TRY", "HUF", "CLP", "SAR", "PHP", "MYR", "COP", "RUB", "RON", "PEN",
]


def supported_currencies() -> list[str]:
    """The traded currencies, then every CLDR currency whose fraction digits are not 2."""
    fractions = get_global("currency_fractions")
    odd = sorted(
        code
        for code in fractions
        if code != "DEFAULT" and len(code) == 3 and numbers.get_currency_precision(code) != 2
    )
    return TRADED + [code for code in odd if code not in TRADED]


# One locale's fields are packed into one string literal (fields apart by U+001E, a field's
# items by U+001F) that LocaleData(identifier:packed:) splits on first use: a switch of 118 such
# literals compiles in seconds, where the same data as array literals took minutes at -O.
FIELD_SEPARATOR = "\u001e"
ITEM_SEPARATOR = "\u001f"


def swift_string(text: str) -> str:
    """A Swift string literal; spaces other than U+0020, marks of direction and controls escaped."""
    out = []
    for char in text:
        point = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif 0x20 <= point < 0x7F:
            out.append(char)
        elif point < 0x20 or 0x7F <= point < 0xA0 or char in "\u00a0\u200e\u200f\u061c\u202f\u2009\u2007\u200b\u2060\u00ad":
            out.append(f"\\u{{{point:X}}}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def locale_record(identifier: str, currencies: list[str]) -> str:
    locale = Locale.parse(identifier)
    symbols = locale.number_symbols["latn"]
    symbol_list = [symbols[key] for key in ("decimal", "group", "minusSign", "plusSign", "percentSign", "exponential")]
    patterns = [
        locale.decimal_formats[None].pattern,
        locale.percent_formats[None].pattern,
        locale.scientific_formats[None].pattern,
        locale.currency_formats["standard"].pattern,
        locale.currency_formats["accounting"].pattern,
    ]
    currency_symbols: list[str] = []
    for code in currencies:
        symbol = locale.currency_symbols.get(code, code)
        if symbol != code:
            currency_symbols += [code, symbol]
    months = [locale.months["format"][width][m] for width in ("wide", "abbreviated") for m in range(1, 13)]
    # babel numbers weekdays from 0 = Monday.
    weekdays = [locale.days[context][width][d] for context in ("format", "stand-alone") for width in ("wide", "abbreviated") for d in range(7)]
    periods = [locale.day_periods["format"]["abbreviated"][key] for key in ("am", "pm")]
    eras = [locale.eras["wide"][1], locale.eras["abbreviated"][1]]
    styles = ("short", "medium", "long", "full")
    dates = [locale.date_formats[s].pattern for s in styles]
    times = [locale.time_formats[s].pattern for s in styles]
    date_times = [locale.datetime_formats[s] for s in styles]
    fields = [symbol_list, patterns, currency_symbols, months, weekdays, periods, eras, dates, times, date_times]
    for item in (item for field in fields for item in field):
        # The packed record's separators and the empty item (an empty field means no items) must
        # not occur in the data itself.
        if not item or FIELD_SEPARATOR in item or ITEM_SEPARATOR in item:
            raise SystemExit(f"cldr-tables: {identifier}: {item!r} cannot be packed")
    packed = FIELD_SEPARATOR.join(ITEM_SEPARATOR.join(field) for field in fields)
    lines = [
        f"    case {swift_string(identifier)}:",
        f"      LocaleData(identifier: {swift_string(identifier)}, packed: {swift_string(packed)})",
    ]
    return "\n".join(lines)


HEADER = """// Generated by Scripts/cldr-tables.py from CLDR (babel {version}); do not edit.
// swift-format-ignore-file
"""


def main() -> int:
    if babel.__version__ != BABEL_VERSION:
        print(f"cldr-tables: needs babel {BABEL_VERSION}, found {babel.__version__}", file=sys.stderr)
        return 1
    if "--list" in sys.argv[1:]:
        print("\n".join(LOCALES))
        return 0
    if len(set(LOCALES)) != len(LOCALES):
        print("cldr-tables: a locale is listed twice", file=sys.stderr)
        return 1
    currencies = supported_currencies()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    header = HEADER.format(version=BABEL_VERSION)

    records = "\n".join(locale_record(identifier, currencies) for identifier in LOCALES)
    (OUTPUT / "LocaleData+Tables.swift").write_text(
        header
        + "\nextension LocaleData {\n"
        + f"  /// The {len(LOCALES)} generated locales' identifiers, in the generator's order.\n"
        + "  package static let identifiers: [String] = [\n"
        + "".join(f"    {swift_string(identifier)},\n" for identifier in LOCALES)
        + "  ]\n\n"
        + "  /// The CLDR data of a generated locale, or `nil` for an identifier not generated.\n"
        + "  static func generated(_ identifier: String) -> LocaleData? {\n"
        + "    switch identifier {\n"
        + records
        + "\n    default: nil\n    }\n  }\n}\n",
        encoding="utf-8",
    )

    digits = [(code, numbers.get_currency_precision(code)) for code in currencies]
    (OUTPUT / "CurrencyDigits+Tables.swift").write_text(
        header
        + "\nextension CurrencyDigits {\n"
        + f"  /// The {len(currencies)} currencies with symbols in the locale tables.\n"
        + "  package static let supported: [String] = [\n"
        + "".join(f"    {swift_string(code)},\n" for code, _ in digits)
        + "  ]\n\n"
        + "  /// The currencies whose minor unit is not two digits (CLDR supplemental data).\n"
        + "  static let nonstandard: [String: Int] = [\n"
        + "".join(f"    {swift_string(code)}: {count},\n" for code, count in digits if count != 2)
        + "  ]\n}\n",
        encoding="utf-8",
    )
    print(f"cldr-tables: {len(LOCALES)} locales, {len(currencies)} currencies", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
