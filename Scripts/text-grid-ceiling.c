/* The C ceiling of the text grid: the benchmark table (Scripts/bench/gendata.py's rows, the same
 * 64-bit LCG) drawn as TableKit's `.grid` style draws it, byte for byte, by a plain C program:
 * a first pass measures every column, a second draws, into a 64 KiB block handed to a sink that
 * counts bytes. Names, dates and notes come from tables made once, as in the Swift benchmark.
 *
 * It prints the bytes it drew; at 100,000 rows that is 12,038,472, the `out_bytes` of
 * `tablekit-bench --case tablekit_text_grid --rows 100000 --reps 1`, and its 3,000-row table
 * compared equal (cmp) with `TextTableRenderer(style: .grid)` over `BenchmarkDataSource`. Instructions a row, as
 * Docs/Performance.md counts them (a 100,000-row run less a one-row run, over 99,999):
 *
 *   cc -O2 -o .build/text-grid-ceiling Scripts/text-grid-ceiling.c
 *   valgrind --tool=callgrind .build/text-grid-ceiling 100000
 *   valgrind --tool=callgrind .build/text-grid-ceiling 1
 *   .build/text-grid-ceiling 1000 print    # the table itself, to compare with TableKit's
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *FIRST[16] = {"Alice", "Bob", "Jos\xc3\xa9", "Zo\xc3\xab", "Fran\xc3\xa7ois",
  "\xc5\x81ukasz", "S\xc3\xb8ren", "\xe5\xb1\xb1\xe7\x94\xb0", "\xe6\x9d\x8e",
  "\xea\xb9\x80\xeb\xaf\xbc\xec\xa4\x80", "\xce\x95\xce\xbb\xce\xad\xce\xbd\xce\xb7",
  "\xd0\x98\xd0\xb2\xd0\xb0\xd0\xbd", "Chloe\xcc\x81", "Mary-Jane", "O'Brien", "Ana"};
static const char *LAST[16] = {"Smith", "M\xc3\xbcller", "\xc3\x85ngstr\xc3\xb6m",
  "\xe5\xa4\xaa\xe9\x83\x8e", "\xe5\xb0\x8f\xe9\xbe\x99", "Garc\xc3\xad" "a",
  "Nguy\xe1\xbb\x85n", "Brown", "Dvo\xc5\x99\xc3\xa1k", "Jones", "\xe4\xbd\x90\xe8\x97\xa4",
  "Taylor", "Kova\xc4\x8d", "Lee", "Nov\xc3\xa1k", "Wilson"};
static const char *NOTES[12] = {"ok", "pending review", "see <b>invoice</b>", "R&D budget",
  "said \"hello\"", "a|b split", "multi-word note with somewhat more text in it", "",
  "refund < 100 & > 10", "paid", "x|y|z", "follow-up"};

typedef struct { char bytes[64]; int length; int width; } Text;
static Text names[256], dates[9000], notes[12000];
static uint64_t sunk;
static int printing;
static unsigned char block[1 << 16];
static size_t used;

static void flush(void) {
  if (printing) fwrite(block, 1, used, stdout);
  sunk += used;
  used = 0;
}

/* Display width of this data's UTF-8: combining marks 0, CJK and Hangul 2, the rest 1. */
static int width_of(const char *s) {
  int width = 0;
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    uint32_t c;
    if (*p < 0x80) c = *p++;
    else if (*p < 0xE0) { c = (p[0] & 0x1F) << 6 | (p[1] & 0x3F); p += 2; }
    else if (*p < 0xF0) { c = (p[0] & 0x0F) << 12 | (p[1] & 0x3F) << 6 | (p[2] & 0x3F); p += 3; }
    else { c = (p[0] & 0x07) << 18 | (p[1] & 0x3F) << 12 | (p[2] & 0x3F) << 6 | (p[3] & 0x3F); p += 4; }
    if (c >= 0x300 && c < 0x370) continue;
    width += (c >= 0x1100 && c < 0x1160) || (c >= 0x2E80 && c < 0xA4D0) || (c >= 0xAC00 && c < 0xD7A4)
      || (c >= 0xF900 && c < 0xFB00) || (c >= 0xFF00 && c < 0xFF61) ? 2 : 1;
  }
  return width;
}

static void set(Text *t, const char *s) {
  t->length = (int)strlen(s);
  memcpy(t->bytes, s, t->length);
  t->width = width_of(s);
}

static void civil(int days, int *y, int *m, int *d) {
  /* days since 2000-01-01 -> date (Howard Hinnant's algorithm). */
  int z = days + 10957 + 719468;
  int era = z / 146097, doe = z - era * 146097;
  int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  *d = doy - (153 * mp + 2) / 5 + 1;
  *m = mp < 10 ? mp + 3 : mp - 9;
  *y = yoe + era * 400 + (*m <= 2);
}

typedef struct { uint32_t id; uint8_t name; uint16_t date; uint16_t note; int32_t cents; uint8_t flag; } Row;

static uint64_t state;
static inline uint64_t draw(void) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return state >> 33;
}
static inline Row row(uint32_t index) {
  uint64_t r0 = draw(), r1 = draw(), r2 = draw(), r3 = draw(), r4 = draw(), r5 = draw();
  Row row = {index + 1, (uint8_t)((r0 % 16) * 16 + r1 % 16), (uint16_t)(r4 % 9000),
    (uint16_t)((r5 % 12) * 1000 + r5 % 1000), (int32_t)(r2 % 10000000) - 2000000, (uint8_t)(r3 & 1)};
  return row;
}

static inline int digits(uint64_t v) { int n = 1; while (v >= 10) { v /= 10; n++; } return n; }
static inline int amount_width(int32_t cents) {
  uint32_t m = cents < 0 ? -cents : cents;
  return (cents < 0) + digits(m / 100) + 3;
}

static inline unsigned char *spaces(unsigned char *p, int n) { memset(p, ' ', n); return p + n; }
static inline unsigned char *bytes(unsigned char *p, const char *s, int n) { memcpy(p, s, n); return p + n; }
static inline unsigned char *number(unsigned char *p, uint64_t v, int n) {
  for (int i = n - 1; i >= 0; i--) { p[i] = '0' + v % 10; v /= 10; }
  return p + n;
}

static int w[6];

static void rule(void) {
  if (used + 512 > sizeof block) flush();
  unsigned char *p = block + used;
  *p++ = '+';
  for (int c = 0; c < 6; c++) { memset(p, '-', w[c] + 2); p += w[c] + 2; *p++ = '+'; }
  *p++ = '\n';
  used = p - block;
}

int main(int argc, char **argv) {
  int count = argc > 1 ? atoi(argv[1]) : 100000;
  printing = argc > 2;
  for (int f = 0; f < 16; f++)
    for (int l = 0; l < 16; l++) {
      char s[48];
      snprintf(s, sizeof s, "%s %s", FIRST[f], LAST[l]);
      set(&names[f * 16 + l], s);
    }
  for (int d = 0; d < 9000; d++) {
    int y, m, day;
    char s[32];
    civil(d, &y, &m, &day);
    snprintf(s, sizeof s, "%04d-%02d-%02d", y, m, day);
    set(&dates[d], s);
  }
  for (int n = 0; n < 12; n++)
    for (int k = 0; k < 1000; k++) {
      char s[64];
      if (NOTES[n][0]) snprintf(s, sizeof s, "%s #%d", NOTES[n], k); else s[0] = 0;
      set(&notes[n * 1000 + k], s);
    }
  /* The first pass: every column as wide as its widest value or title. */
  const char *titles[6] = {"id", "name", "amount", "flag", "date", "note"};
  for (int c = 0; c < 6; c++) w[c] = (int)strlen(titles[c]);
  state = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < count; i++) {
    Row r = row(i);
    int v;
    if ((v = digits(r.id)) > w[0]) w[0] = v;
    if ((v = names[r.name].width) > w[1]) w[1] = v;
    if ((v = amount_width(r.cents)) > w[2]) w[2] = v;
    if ((v = r.flag ? 4 : 5) > w[3]) w[3] = v;
    if ((v = dates[r.date].width) > w[4]) w[4] = v;
    if ((v = notes[r.note].width) > w[5]) w[5] = v;
  }
  /* The second pass: the header, then every row. */
  rule();
  {
    unsigned char *p = block + used;
    for (int c = 0; c < 6; c++) {
      int n = (int)strlen(titles[c]);
      int right = c == 0 || c == 2;
      *p++ = '|'; *p++ = ' ';
      if (right) p = spaces(p, w[c] - n);
      p = bytes(p, titles[c], n);
      if (!right) p = spaces(p, w[c] - n);
      *p++ = ' ';
    }
    *p++ = '|'; *p++ = '\n';
    used = p - block;
  }
  rule();
  int line = 4 + 3 * 6 + w[0] + w[1] + w[2] + w[3] + w[4] + w[5] + 64;
  state = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < count; i++) {
    Row r = row(i);
    if (used + line > sizeof block) flush();
    unsigned char *p = block + used;
    int n = digits(r.id);
    *p++ = '|'; *p++ = ' ';
    p = spaces(p, w[0] - n); p = number(p, r.id, n);
    *p++ = ' '; *p++ = '|'; *p++ = ' ';
    const Text *t = &names[r.name];
    p = bytes(p, t->bytes, t->length); p = spaces(p, w[1] - t->width);
    *p++ = ' '; *p++ = '|'; *p++ = ' ';
    uint32_t m = r.cents < 0 ? -r.cents : r.cents;
    int whole = digits(m / 100);
    p = spaces(p, w[2] - ((r.cents < 0) + whole + 3));
    if (r.cents < 0) *p++ = '-';
    p = number(p, m / 100, whole); *p++ = '.'; p = number(p, m % 100, 2);
    *p++ = ' '; *p++ = '|'; *p++ = ' ';
    if (r.flag) p = bytes(p, "true", 4); else p = bytes(p, "false", 5);
    p = spaces(p, w[3] - (r.flag ? 4 : 5));
    *p++ = ' '; *p++ = '|'; *p++ = ' ';
    t = &dates[r.date];
    p = bytes(p, t->bytes, t->length); p = spaces(p, w[4] - t->width);
    *p++ = ' '; *p++ = '|'; *p++ = ' ';
    t = &notes[r.note];
    p = bytes(p, t->bytes, t->length); p = spaces(p, w[5] - t->width);
    *p++ = ' '; *p++ = '|'; *p++ = '\n';
    used = p - block;
  }
  rule();
  flush();
  if (!printing) printf("%llu bytes\n", (unsigned long long)sunk);
  return 0;
}
