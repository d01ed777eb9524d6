"""Runs one conversion with polars or DuckDB, for Scripts/cli-bench.sh (not run in CI).

usage: cli-bench-peers.py TOOL CONVERSION INPUT
  TOOL:       polars | duckdb
  CONVERSION: csv-csv | csv-markdown | csv-html | tsv-csv | jsonl-csv | jsonl-markdown

The table goes to standard output (opened as /dev/stdout by the peer's own writer, so the
script's caller sends it to /dev/null or a pipe, not a file it wants whole). Each peer does the
conversion the way its documentation suggests for a file too large to hold: polars' streaming
engine (scan_* then sink_csv), DuckDB's COPY … TO. Neither has a Markdown or HTML writer, so
those are built as one text column by the engine itself (cells cast to text and escaped with its
vectorised string functions, joined with the separators) and written as unquoted CSV of that
one column: all the work stays in Rust or C++ on both threads, none in Python. The threads are
limited to 2, the machine's cores (POLARS_MAX_THREADS is set by the caller, DuckDB's threads
here).

Start-up (importing the module, the engine's set-up) is in every run; cli-bench.sh measures it
on a one-row input of the same format and subtracts it.
"""
import os
import sys

OUT = "/dev/stdout"


def markdown_cell_polars(pl, name):
    text = pl.col(name).cast(pl.Utf8).fill_null("")
    return (
        text.str.replace_all("\\", "\\\\", literal=True)
        .str.replace_all("|", "\\|", literal=True)
        .str.replace_all("\r\n", "<br>", literal=True)
        .str.replace_all("\n", "<br>", literal=True)
    )


def html_cell_polars(pl, name):
    text = pl.col(name).cast(pl.Utf8).fill_null("")
    return (
        text.str.replace_all("&", "&amp;", literal=True)
        .str.replace_all("<", "&lt;", literal=True)
        .str.replace_all(">", "&gt;", literal=True)
        .str.replace_all('"', "&quot;", literal=True)
    )


def run_polars(conversion, path):
    import polars as pl

    source, target = conversion.split("-")
    if source == "csv":
        frame = pl.scan_csv(path)
    elif source == "tsv":
        frame = pl.scan_csv(path, separator="\t", quote_char=None)
    else:
        frame = pl.scan_ndjson(path)
    if target == "csv":
        frame.sink_csv(OUT)
        return
    names = frame.collect_schema().names()
    header = b""
    if target == "markdown":
        cells = [markdown_cell_polars(pl, n) for n in names]
        line = pl.concat_str([pl.lit("| "), pl.concat_str(cells, separator=" | "), pl.lit(" |")])
        header = ("| " + " | ".join(names) + " |\n|" + "---|" * len(names) + "\n").encode()
    else:
        cells = [html_cell_polars(pl, n) for n in names]
        line = pl.concat_str(
            [pl.lit("<tr><td>"), pl.concat_str(cells, separator="</td><td>"), pl.lit("</td></tr>")])
        header = (
            "<table>\n<thead>\n<tr>" + "".join("<th>%s</th>" % n for n in names)
            + "</tr>\n</thead>\n<tbody>\n").encode()
    os.write(1, header)
    frame.select(line.alias("line")).sink_csv(OUT, include_header=False, quote_style="never")
    if target == "html":
        os.write(1, b"</tbody>\n</table>\n")


def run_duckdb(conversion, path):
    import duckdb

    connection = duckdb.connect()
    connection.execute("SET threads = 2")
    source, target = conversion.split("-")
    quoted = path.replace("'", "''")
    if source == "csv":
        relation = "read_csv('%s')" % quoted
    elif source == "tsv":
        relation = "read_csv('%s', delim = '\t', quote = '', escape = '')" % quoted
    else:
        relation = "read_json('%s', format = 'newline_delimited')" % quoted
    if target == "csv":
        connection.execute("COPY (SELECT * FROM %s) TO '%s' (HEADER, DELIMITER ',')" % (relation, OUT))
        return
    names = [row[0] for row in connection.execute("DESCRIBE SELECT * FROM %s" % relation).fetchall()]

    def text(name):
        return "coalesce(CAST(\"%s\" AS VARCHAR), '')" % name.replace('"', '""')

    if target == "markdown":
        cells = [
            "replace(replace(replace(%s, '\\', '\\\\'), '|', '\\|'), chr(10), '<br>')" % text(n)
            for n in names]
        line = "'| ' || concat_ws(' | ', %s) || ' |'" % ", ".join(cells)
        header = ("| " + " | ".join(names) + " |\n|" + "---|" * len(names) + "\n").encode()
    else:
        cells = [
            "replace(replace(replace(replace(%s, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), "
            "'\"', '&quot;')" % text(n) for n in names]
        line = "'<tr><td>' || concat_ws('</td><td>', %s) || '</td></tr>'" % ", ".join(cells)
        header = (
            "<table>\n<thead>\n<tr>" + "".join("<th>%s</th>" % n for n in names)
            + "</tr>\n</thead>\n<tbody>\n").encode()
    os.write(1, header)
    # One text column, no quoting and no header: the lines as they are. The delimiter is a byte
    # the lines never hold, so nothing is quoted for it.
    connection.execute(
        "COPY (SELECT %s FROM %s) TO '%s' (HEADER false, QUOTE '', ESCAPE '', DELIMITER '\x01')"
        % (line, relation, OUT))
    if target == "html":
        os.write(1, b"</tbody>\n</table>\n")


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("polars", "duckdb"):
        sys.exit(__doc__)
    tool, conversion, path = sys.argv[1:]
    sys.stdout.flush()
    (run_polars if tool == "polars" else run_duckdb)(conversion, path)


if __name__ == "__main__":
    main()
