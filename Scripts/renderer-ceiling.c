/*
 * The C ceiling for TableKit's renderers (issue 26 §4): the benchmark table of
 * Scripts/bench/gendata.py written as CSV, HTML, Markdown or a text grid by plain C, to compare
 * instructions per row with (Scripts/renderer-instructions.sh).
 *
 * Usage: renderer-ceiling csv|html|markdown|grid ROWS   (output to standard output)
 *
 * It does what the renderers must do and nothing more: the same 64-bit LCG draws each row, the
 * name, date and note come from tables made once (as the benchmark's data source takes them),
 * every text is escaped at run time byte by byte as the format needs (CSV quoting, doubled quotes
 * and the formula guard on the first byte; HTML's five markup characters; Markdown's inline
 * syntax and HTML characters), numbers are written digit by digit, and the bytes go into a
 * 64 KiB block written out when full. The grid reads the rows twice, as TableKit's does: once
 * for the column widths (one per UTF-8 scalar, two for CJK and Hangul, none for a combining
 * mark), once to draw. What it leaves out is what makes a library: data sources, cells, values
 * of any type, Unicode checks beyond these.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *first_names[16] = {
    "Alice", "Bob", "Jos\xc3\xa9", "Zo\xc3\xab", "Fran\xc3\xa7ois", "\xc5\x81ukasz",
    "S\xc3\xb8ren", "\xe5\xb1\xb1\xe7\x94\xb0", "\xe6\x9d\x8e", "\xea\xb9\x80\xeb\xaf\xbc\xec\xa4\x80",
    "\xce\x95\xce\xbb\xce\xad\xce\xbd\xce\xb7", "\xd0\x98\xd0\xb2\xd0\xb0\xd0\xbd",
    "Chloe\xcc\x81", "Mary-Jane", "O'Brien", "Ana"};
static const char *last_names[16] = {
    "Smith", "M\xc3\xbcller", "\xc3\x85ngstr\xc3\xb6m", "\xe5\xa4\xaa\xe9\x83\x8e",
    "\xe5\xb0\x8f\xe9\xbe\x99", "Garc\xc3\xad" "a", "Nguy\xe1\xbb\x85n", "Brown",
    "Dvo\xc5\x99\xc3\xa1k", "Jones", "\xe4\xbd\x90\xe8\x97\xa4", "Taylor", "Kova\xc4\x8d", "Lee",
    "Nov\xc3\xa1k", "Wilson"};
static const char *notes[12] = {
    "ok", "pending review", "see <b>invoice</b>", "R&D budget", "said \"hello\"", "a|b split",
    "multi-word note with somewhat more text in it", "", "refund < 100 & > 10", "paid", "x|y|z",
    "follow-up"};

typedef struct {
  const char *bytes;
  size_t length;
} text;

static text names[256];
static text dates[9000];
static text numbered_notes[12000];

static text make_text(const char *string) {
  text t = {string, strlen(string)};
  return t;
}

static void make_tables(void) {
  for (int f = 0; f < 16; f++)
    for (int l = 0; l < 16; l++) {
      char *name = malloc(64);
      snprintf(name, 64, "%s %s", first_names[f], last_names[l]);
      names[f * 16 + l] = make_text(name);
    }
  for (int day = 0; day < 9000; day++) {
    long days = day + 730425, era = days / 146097, doe = days - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    long d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9;
    long y = yoe + era * 400 + (m <= 2);
    char *date = malloc(24);
    snprintf(date, 24, "%04ld-%02ld-%02ld", y, m, d);
    dates[day] = make_text(date);
  }
  for (int n = 0; n < 12; n++)
    for (int k = 0; k < 1000; k++) {
      char *note = malloc(80);
      if (notes[n][0])
        snprintf(note, 80, "%s #%d", notes[n], k);
      else
        note[0] = 0;
      numbered_notes[n * 1000 + k] = make_text(note);
    }
}

typedef struct {
  long id;
  long cents;
  int flag;
  text name, date, note;
} row;

static uint64_t state;

static uint64_t draw(void) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return state >> 33;
}

static row next_row(long index) {
  uint64_t first = draw(), last = draw(), cents = draw(), flag = draw(), date = draw(),
           note = draw();
  row r;
  r.id = index + 1;
  r.name = names[(first % 16) * 16 + last % 16];
  r.cents = (long)(cents % 10000000) - 2000000;
  r.flag = (flag & 1) == 1;
  r.date = dates[date % 9000];
  r.note = numbered_notes[(note % 12) * 1000 + note % 1000];
  return r;
}

/* The output block. */
static unsigned char block[1 << 16];
static size_t used;

static void flush(void) {
  size_t done = 0;
  while (done < used) {
    ssize_t n = write(1, block + done, used - done);
    if (n <= 0) exit(1);
    done += (size_t)n;
  }
  used = 0;
}

static unsigned char *room(size_t needed) {
  if (used + needed > sizeof block) flush();
  return block + used;
}

static void put(const char *bytes, size_t length) {
  memcpy(room(length), bytes, length);
  used += length;
}

#define PUT(literal) put(literal, sizeof(literal) - 1)

static size_t store_unsigned(unsigned char *to, unsigned long value) {
  char digits[24];
  size_t n = 0;
  do {
    digits[n++] = (char)('0' + value % 10);
    value /= 10;
  } while (value);
  for (size_t i = 0; i < n; i++) to[i] = (unsigned char)digits[n - 1 - i];
  return n;
}

static void put_integer(long value) {
  unsigned char *to = room(24);
  size_t n = 0;
  if (value < 0) to[n++] = '-';
  n += store_unsigned(to + n, (unsigned long)(value < 0 ? -value : value));
  used += n;
}

/* Cents as a decimal with two digits, no sign on zero; returns the length. */
static size_t store_cents(unsigned char *to, long cents) {
  size_t n = 0;
  unsigned long magnitude = (unsigned long)(cents < 0 ? -cents : cents);
  if (cents < 0) to[n++] = '-';
  n += store_unsigned(to + n, magnitude / 100);
  to[n++] = '.';
  to[n++] = (unsigned char)('0' + magnitude / 10 % 10);
  to[n++] = (unsigned char)('0' + magnitude % 10);
  return n;
}

static void put_cents(long cents) { used += store_cents(room(24), cents); }

static void csv_field(text t) {
  unsigned char *to = room(2 * t.length + 3);
  const unsigned char *s = (const unsigned char *)t.bytes;
  int quote = 0;
  for (size_t i = 0; i < t.length; i++)
    if (s[i] == '"' || s[i] == ',' || s[i] == '\n' || s[i] == '\r') quote = 1;
  size_t n = 0;
  if (quote) to[n++] = '"';
  if (t.length && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] < 0x20))
    to[n++] = '\'';
  for (size_t i = 0; i < t.length; i++) {
    to[n++] = s[i];
    if (s[i] == '"') to[n++] = '"';
  }
  if (quote) to[n++] = '"';
  used += n;
}

static void html_text(text t) {
  const unsigned char *s = (const unsigned char *)t.bytes;
  size_t start = 0;
  for (size_t i = 0; i < t.length; i++) {
    const char *entity;
    switch (s[i]) {
      case '&': entity = "&amp;"; break;
      case '<': entity = "&lt;"; break;
      case '>': entity = "&gt;"; break;
      case '"': entity = "&quot;"; break;
      case '\'': entity = "&#39;"; break;
      default: continue;
    }
    put(t.bytes + start, i - start);
    put(entity, strlen(entity));
    start = i + 1;
  }
  put(t.bytes + start, t.length - start);
}

static void markdown_text(text t) {
  const unsigned char *s = (const unsigned char *)t.bytes;
  size_t start = 0;
  for (size_t i = 0; i < t.length; i++) {
    const char *replacement;
    char escaped[2] = {'\\', (char)s[i]};
    switch (s[i]) {
      case '\\': case '`': case '*': case '_': case '~': case '[': case ']': case '(': case ')':
      case '!': case '#': case '$': case '|':
        put(t.bytes + start, i - start);
        put(escaped, 2);
        start = i + 1;
        continue;
      case '&': replacement = "&amp;"; break;
      case '<': replacement = "&lt;"; break;
      case '>': replacement = "&gt;"; break;
      default: continue;
    }
    put(t.bytes + start, i - start);
    put(replacement, strlen(replacement));
    start = i + 1;
  }
  put(t.bytes + start, t.length - start);
}

static void csv(long count) {
  PUT("id,name,amount,flag,date,note\r\n");
  for (long i = 0; i < count; i++) {
    row r = next_row(i);
    put_integer(r.id);
    PUT(",");
    csv_field(r.name);
    PUT(",");
    put_cents(r.cents);
    if (r.flag) PUT(",true,"); else PUT(",false,");
    csv_field(r.date);
    PUT(",");
    csv_field(r.note);
    PUT("\r\n");
  }
}

static void html(long count) {
  PUT("<table>\n<thead>\n<tr><th scope=\"col\">id</th><th scope=\"col\">name</th>"
      "<th scope=\"col\">amount</th><th scope=\"col\">flag</th><th scope=\"col\">date</th>"
      "<th scope=\"col\">note</th></tr>\n</thead>\n<tbody>\n");
  for (long i = 0; i < count; i++) {
    row r = next_row(i);
    PUT("<tr class=\"row\"><td class=\"number\">");
    put_integer(r.id);
    PUT("</td><td>");
    html_text(r.name);
    PUT("</td><td class=\"number\">");
    put_cents(r.cents);
    if (r.flag) PUT("</td><td>true</td><td>"); else PUT("</td><td>false</td><td>");
    html_text(r.date);
    PUT("</td><td>");
    html_text(r.note);
    PUT("</td></tr>\n");
  }
  PUT("</tbody>\n</table>\n");
}

static void markdown(long count) {
  PUT("| id | name | amount | flag | date | note |\n| ---: | --- | ---: | --- | --- | --- |\n");
  for (long i = 0; i < count; i++) {
    row r = next_row(i);
    PUT("| ");
    put_integer(r.id);
    PUT(" | ");
    markdown_text(r.name);
    PUT(" | ");
    put_cents(r.cents);
    if (r.flag) PUT(" | true | "); else PUT(" | false | ");
    markdown_text(r.date);
    PUT(" | ");
    markdown_text(r.note);
    PUT(" |\n");
  }
}

/* Display width: one a scalar, two for CJK and Hangul (lead bytes E3-ED), none for U+0300-U+036F. */
static size_t width(text t) {
  const unsigned char *s = (const unsigned char *)t.bytes;
  size_t w = 0;
  for (size_t i = 0; i < t.length; i++) {
    unsigned char b = s[i];
    if ((b & 0xC0) == 0x80) continue;
    if (b == 0xCC || (b == 0xCD && i + 1 < t.length && s[i + 1] < 0xB0)) continue;
    w += (b >= 0xE3 && b <= 0xED) ? 2 : 1;
  }
  return w;
}

static size_t digits(long value) {
  size_t n = value < 0 ? 2 : 1;
  unsigned long m = (unsigned long)(value < 0 ? -value : value);
  while (m >= 10) {
    m /= 10;
    n++;
  }
  return n;
}

static void pad(size_t count) {
  memset(room(count), ' ', count);
  used += count;
}

static void grid_rule(const size_t *widths) {
  PUT("+");
  for (int c = 0; c < 6; c++) {
    memset(room(widths[c] + 2), '-', widths[c] + 2);
    used += widths[c] + 2;
    PUT("+");
  }
  PUT("\n");
}

static void grid(long count) {
  static const char *titles[6] = {"id", "name", "amount", "flag", "date", "note"};
  size_t widths[6];
  for (int c = 0; c < 6; c++) widths[c] = strlen(titles[c]);
  uint64_t start = state;
  for (long i = 0; i < count; i++) {
    row r = next_row(i);
    size_t w[6] = {digits(r.id), width(r.name), digits(r.cents / 100) + 3 + (r.cents < 0 && r.cents > -100),
                   r.flag ? 4 : 5, width(r.date), width(r.note)};
    for (int c = 0; c < 6; c++)
      if (w[c] > widths[c]) widths[c] = w[c];
  }
  state = start;
  grid_rule(widths);
  PUT("|");
  for (int c = 0; c < 6; c++) {
    PUT(" ");
    put(titles[c], strlen(titles[c]));
    pad(widths[c] - strlen(titles[c]) + 1);
    PUT("|");
  }
  PUT("\n");
  grid_rule(widths);
  for (long i = 0; i < count; i++) {
    row r = next_row(i);
    PUT("| ");
    pad(widths[0] - digits(r.id));
    put_integer(r.id);
    PUT(" | ");
    put(r.name.bytes, r.name.length);
    pad(widths[1] - width(r.name));
    PUT(" | ");
    unsigned char amount[24];
    size_t length = store_cents(amount, r.cents);
    pad(widths[2] - length);
    put((const char *)amount, length);
    if (r.flag) PUT(" | true  | "); else PUT(" | false | ");
    put(r.date.bytes, r.date.length);
    pad(widths[4] - width(r.date));
    PUT(" | ");
    put(r.note.bytes, r.note.length);
    pad(widths[5] - width(r.note));
    PUT(" |\n");
  }
  grid_rule(widths);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s csv|html|markdown|grid ROWS\n", argv[0]);
    return 64;
  }
  long count = atol(argv[2]);
  make_tables();
  state = 0x9E3779B97F4A7C15ULL;
  if (!strcmp(argv[1], "csv")) csv(count);
  else if (!strcmp(argv[1], "html")) html(count);
  else if (!strcmp(argv[1], "markdown")) markdown(count);
  else if (!strcmp(argv[1], "grid")) grid(count);
  else return 64;
  flush();
  return 0;
}
