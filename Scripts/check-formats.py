#!/usr/bin/env python3
"""Check TableKitReports' column formats against babel for every generated locale.

Writes a fixture of babel's output (every locale of Scripts/cldr-tables.py × number, currency,
percent, scientific, date and time cases × a fixed set of values) and runs the Swift test
BabelAgreementTests over it, which formats every case and compares string for string.

    python -m pip install babel==2.19.0
    swift build --build-tests
    python Scripts/check-formats.py            # exits non-zero on any difference
    python Scripts/check-formats.py --fixture-only OUT.tsv

The values: 230 numbers (zero, -0, ±halves at every rounding position from 10^2 to 10^-6,
30-digit amounts, tiny fractions down to 10^-30, and seeded random amounts), 230 dates (years 1
to 9999, every Feb 29 kind, month and year ends, seeded random days) and 12 times of day.

What babel is asked, and the three stated adjustments to its answers:
- babel runs in a decimal context of 100 digits: in Python's default 28 its `normalize` and
  `quantize` round or refuse a 30-digit amount, so babel's own default cannot format one.
- A negative number that rounds to zero (and -0) is compared with babel's output for its
  absolute value: TableKit writes no sign on zero (babel writes `-0`, `-0.00`, `(0.00)`).
- In locales whose group symbol is an apostrophe (de_CH, de_LI, it_CH, rm_CH) babel's last step
  removes pairs of apostrophes from the whole number, digits included (`1'234'567` becomes
  `1234567`); babel is run with a stand-in group symbol, put back afterwards.
- Times in a locale whose time patterns use `B` (flexible day periods such as `凌晨`) are not
  compared: TableKit writes `B` as a.m./p.m. (zh_Hant_TW is the one such locale).
The counts of each adjustment are printed.
"""

from __future__ import annotations

import datetime
import decimal
import importlib.util
import os
import pathlib
import random
import subprocess
import sys
import warnings

import babel
from babel import Locale, dates, numbers

ROOT = pathlib.Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("cldr_tables", ROOT / "Scripts" / "cldr-tables.py")
cldr_tables = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cldr_tables)

STAND_IN_GROUP = "\ue000"
CURRENCIES = ["EUR", "USD", "JPY", "BHD", "CLF", "GBP", "INR", "CHF", "KWD", "VND", "BRL", "SEK"]


def number_values() -> list[str]:
    values = ["0", "-0", "1", "-1", "0.00", "-0.00", "7", "1000", "-1000", "999999.9995"]
    # Halves at every rounding position, on both sides of an even and an odd digit.
    for exponent in range(-6, 3):
        for lead in ("0", "1", "2", "9", "12344", "12345"):
            for sign in ("", "-"):
                value = decimal.Decimal(lead + "5").scaleb(exponent - 1)
                values.append(sign + format(value, "f"))
    # 30-digit amounts, tiny fractions.
    values += [
        "123456789012345678901234567890",
        "-123456789012345678901234567890",
        "999999999999999999999999999999",
        "-999999999999999999999999999999.995",
        "12345678901234567890123456.7895",
        "0.000000000000000000000000000001",
        "-0.000000000000000000000000000001",
        "0.0000001",
        "0.00049999",
        "-0.0005",
    ]
    rng = random.Random(36)
    while len(values) < 230:
        digits = rng.randint(1, 20)
        scale = rng.randint(0, 8)
        magnitude = rng.randrange(10 ** digits)
        value = decimal.Decimal(magnitude).scaleb(-scale)
        values.append(("-" if rng.random() < 0.4 else "") + format(value, "f"))
    return values


def date_values() -> list[datetime.date]:
    days = [
        datetime.date(1, 1, 1), datetime.date(1, 12, 31), datetime.date(4, 2, 29),
        datetime.date(99, 7, 4), datetime.date(100, 3, 1), datetime.date(999, 9, 9),
        datetime.date(1000, 1, 1), datetime.date(1582, 10, 15), datetime.date(1600, 2, 29),
        datetime.date(1899, 12, 31), datetime.date(1900, 2, 28), datetime.date(1900, 3, 1),
        datetime.date(1970, 1, 1), datetime.date(2000, 2, 29), datetime.date(2024, 2, 29),
        datetime.date(2023, 2, 28), datetime.date(2100, 2, 28), datetime.date(2400, 2, 29),
        datetime.date(9999, 12, 31), datetime.date(9999, 1, 1),
    ]
    days += [datetime.date(2026, month, 1) for month in range(1, 13)]
    days += [datetime.date(2026, 3, day) for day in range(1, 8)]  # every weekday
    rng = random.Random(37)
    first, last = datetime.date(1, 1, 1).toordinal(), datetime.date(9999, 12, 31).toordinal()
    while len(days) < 230:
        days.append(datetime.date.fromordinal(rng.randint(first, last)))
    return days


TIME_VALUES = [datetime.time(h, m, s) for h, m, s in [
    (0, 0, 0), (0, 30, 5), (1, 2, 3), (9, 59, 59), (11, 59, 59), (12, 0, 0), (12, 1, 0),
    (13, 5, 9), (17, 45, 0), (20, 0, 30), (23, 59, 59), (6, 7, 8)]]


class Adjustments:
    def __init__(self) -> None:
        self.zero_sign = 0
        self.apostrophe_group = 0
        self.skipped_times = 0


def babel_number(value: str, locale: Locale, case: str, adjust: Adjustments) -> str:
    number = decimal.Decimal(value)
    rounding = decimal.ROUND_HALF_UP if case.endswith("away") else decimal.ROUND_HALF_EVEN
    with decimal.localcontext() as context:
        context.prec = 100
        context.rounding = rounding
        if case.startswith("decimal"):
            pattern = numbers.parse_pattern(locale.decimal_formats[None])
            frac = {"decimal": None, "decimal-2-ungrouped": (2, 2), "decimal-0...2-away": (0, 2)}[case]
            grouping = case != "decimal-2-ungrouped"
            shown_frac = frac or pattern.frac_prec
            scale = 0
        elif case.startswith("percent"):
            pattern = numbers.parse_pattern(locale.percent_formats[None])
            frac = (1, 1) if case == "percent-1" else None
            grouping = True
            shown_frac = frac or pattern.frac_prec
            scale = 2
        else:
            pattern = numbers.parse_pattern(locale.scientific_formats[None])
            frac, grouping, scale = None, True, 0
            # A pattern without an exponent (si_LK's `#`) rounds like a decimal one.
            shown_frac = pattern.frac_prec if pattern.exp_prec is None else None
        if number.is_signed() and (
            number.is_zero()
            or (shown_frac is not None and pattern.exp_prec is None
                and number.scaleb(scale).quantize(decimal.Decimal(1).scaleb(-shown_frac[1])).is_zero())
        ):
            number = abs(number)
            adjust.zero_sign += 1
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pattern.apply(number, locale, force_frac=frac, group_separator=grouping)


def babel_money(text: str, locale: Locale, case: str, adjust: Adjustments) -> str:
    code, amount = text.split(" ")
    number = decimal.Decimal(amount)
    with decimal.localcontext() as context:
        context.prec = 100
        digits = numbers.get_currency_precision(code)
        if number.is_signed() and number.quantize(decimal.Decimal(1).scaleb(-digits)).is_zero():
            number = abs(number)
            adjust.zero_sign += 1
        kind = "accounting" if case == "accounting" else "standard"
        pattern = locale.currency_formats[kind].pattern
        if case == "currency-code":
            pattern = pattern.replace("¤", "¤¤")
        return numbers.format_currency(number, code, format=pattern, locale=locale)


def main() -> int:
    if babel.__version__ != cldr_tables.BABEL_VERSION:
        print(f"check-formats: needs babel {cldr_tables.BABEL_VERSION}, found {babel.__version__}", file=sys.stderr)
        return 1
    out = ROOT / ".build" / "formats" / "babel-fixture.tsv"
    if "--fixture-only" in sys.argv[1:]:
        out = pathlib.Path(sys.argv[sys.argv.index("--fixture-only") + 1])
    out.parent.mkdir(parents=True, exist_ok=True)

    original_group = numbers.get_group_symbol
    adjust = Adjustments()
    nums = number_values()
    days = date_values()
    assert len(nums) >= 200 and len(days) >= 200
    lines = []
    for identifier in cldr_tables.LOCALES:
        locale = Locale.parse(identifier)
        apostrophe = "'" in original_group(locale)

        def group(loc=None, numbering_system="latn", _apostrophe=apostrophe):
            return STAND_IN_GROUP if _apostrophe else original_group(loc, numbering_system=numbering_system)

        numbers.get_group_symbol = group

        def fix(text: str) -> str:
            if STAND_IN_GROUP in text:
                adjust.apostrophe_group += 1
                return text.replace(STAND_IN_GROUP, "'")
            return text

        for value in nums:
            for case in ("decimal", "decimal-2-ungrouped", "decimal-0...2-away", "percent", "percent-1", "scientific"):
                lines.append((identifier, case, value, fix(babel_number(value, locale, case, adjust))))
        for index, value in enumerate(nums):
            money = f"{CURRENCIES[index % len(CURRENCIES)]} {value}"
            for case in ("currency", "accounting", "currency-code"):
                lines.append((identifier, case, money, fix(babel_money(money, locale, case, adjust))))
        for day in days:
            for style in ("short", "medium", "long", "full"):
                written = f"{day.year:04d}-{day.month:02d}-{day.day:02d}"
                lines.append((identifier, "date-" + style, written, dates.format_date(day, style, locale=locale)))
        uses_b = any("B" in locale.time_formats[s].pattern for s in ("short", "medium"))
        for time in TIME_VALUES:
            for style in ("short", "medium"):
                if uses_b:
                    adjust.skipped_times += 1
                    continue
                lines.append((identifier, "time-" + style, time.strftime("%H:%M:%S"),
                              dates.format_time(time, style, locale=locale)))
    numbers.get_group_symbol = original_group

    for line in lines:
        for field in line:
            assert "\t" not in field and "\n" not in field, line
    out.write_text("".join("\t".join(line) + "\n" for line in lines), encoding="utf-8")
    print(f"check-formats: {len(lines)} babel strings for {len(cldr_tables.LOCALES)} locales "
          f"({len(nums)} numbers, {len(days)} dates, {len(TIME_VALUES)} times); adjusted: "
          f"{adjust.zero_sign} signs of zero, {adjust.apostrophe_group} apostrophe groups; "
          f"{adjust.skipped_times} 'B' times not compared", file=sys.stderr)
    if "--fixture-only" in sys.argv[1:]:
        return 0
    env = dict(os.environ, TABLEKIT_FORMATS_FIXTURE=str(out))
    return subprocess.call(
        ["swift", "test", "--skip-build", "--filter", "BabelAgreementTests"], cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main())
