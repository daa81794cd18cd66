package dev.kshell.render;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.Locale;

/**
 * A borderless text table with upper-case headers (as kcctl and Kafka's tools print them). Pure: the same rows and
 * width always give the same text. Widths are measured on plain text; colour is applied to whole rows afterwards.
 *
 * <p>Long tables (a partition per row on a 100,000-partition cluster) are written with {@link #write(Appendable,
 * String, List, Iterable, Function, int, boolean)}: two passes over the rows' source, one for the column widths and
 * one writing each line as it is made, so that neither the cells of every row nor the whole text are held.
 */
public final class Table {

    private static final String GAP = "  ";
    /** Fewer columns than this beside the others: the last column overflows whole instead of wrapping. */
    private static final int MIN_WRAP = 8;

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<Tone> tones = new ArrayList<>();

    private Table(List<String> headers) {
        this.headers = headers.stream().map(h -> h.toUpperCase(Locale.ROOT)).toList();
    }

    /** One row of a streamed table: its tone and its cells (rendered as {@link #row} renders them). */
    public record Line(Tone tone, Object... cells) {
    }

    public static Table of(String... headers) {
        return new Table(Arrays.asList(headers));
    }

    public Table row(Object... cells) {
        return row(Tone.PLAIN, cells);
    }

    public Table row(Tone tone, Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, table has " + headers.size() + " columns");
        }
        rows.add(Arrays.stream(cells).map(Table::cell).toList());
        tones.add(tone);
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    private static String cell(Object value) {
        if (value == null) {
            return "-";
        }
        if (value instanceof List<?> list) {
            return list.isEmpty() ? "-" : Safe.text(String.join(",", list.stream().map(Objects::toString).toList()));
        }
        return Safe.text(value.toString()); // a cell may hold a name any client chose
    }

    /**
     * Renders the table. When {@code width} is positive and the table is wider, the last column's text wraps onto
     * more lines under itself; no column is ever cut (ids and names must stay whole).
     */
    public String render(int width, boolean color) {
        StringBuilder out = new StringBuilder();
        write(out, "", width, color);
        return out.toString();
    }

    /** Writes what {@link #render} returns, each line prefixed with {@code indent}, line by line. */
    public void write(Appendable out, String indent, int width, boolean color) {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        emit(out, indent, Tone.HEADER.paint(line(headers, widths, width), color));
        for (int r = 0; r < rows.size(); r++) {
            emit(out, indent, tones.get(r).paint(line(rows.get(r), widths, width), color));
        }
    }

    /**
     * Writes a table whose rows are made from {@code items} by {@code toLine}, without keeping them: the rows are
     * made twice (widths, then text) and each line goes to {@code out} as soon as it is made. The text is the same
     * as {@link #render} of a table holding the same rows, each line prefixed with {@code indent}.
     */
    public static <T> void write(Appendable out, String indent, List<String> headers, Iterable<T> items,
                                 Function<? super T, Line> toLine, int width, boolean color) {
        Table shape = new Table(headers);
        int[] widths = new int[shape.headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = shape.headers.get(c).length();
        }
        for (T item : items) {
            List<String> cells = shape.cells(toLine.apply(item));
            for (int c = 0; c < widths.length; c++) {
                widths[c] = Math.max(widths[c], cells.get(c).length());
            }
        }
        emit(out, indent, Tone.HEADER.paint(line(shape.headers, widths, width), color));
        for (T item : items) {
            Line row = toLine.apply(item);
            emit(out, indent, row.tone().paint(line(shape.cells(row), widths, width), color));
        }
    }

    private List<String> cells(Line row) {
        if (row.cells().length != headers.size()) {
            throw new IllegalArgumentException("row has " + row.cells().length + " cells, table has " + headers.size()
                    + " columns");
        }
        return Arrays.stream(row.cells()).map(Table::cell).toList();
    }

    private static void emit(Appendable out, String indent, String line) {
        try {
            out.append(indent).append(line).append('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String line(List<String> cells, int[] widths, int maxWidth) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            boolean last = c == cells.size() - 1;
            line.append(cell);
            if (!last) {
                line.append(" ".repeat(widths[c] - cell.length())).append(GAP);
            }
        }
        String text = line.toString();
        if (maxWidth <= 0 || text.length() <= maxWidth) {
            return text;
        }
        // the last column's text goes on under itself, on more lines, rather than being cut: a story, a reason
        int start = text.length() - cells.get(cells.size() - 1).length();
        if (maxWidth - start < MIN_WRAP) {
            return text; // no room beside the other columns to wrap into: the line overflows whole
        }
        List<String> wrapped = Prose.lines(cells.get(cells.size() - 1), maxWidth - start, 0);
        StringBuilder out = new StringBuilder(text.substring(0, start)).append(wrapped.get(0));
        wrapped.subList(1, wrapped.size()).forEach(l -> out.append('\n').append(" ".repeat(start)).append(l));
        return out.toString();
    }
}
