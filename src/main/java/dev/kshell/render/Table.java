package dev.kshell.render;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A borderless text table with upper-case headers (as kcctl and Kafka's tools print them). Pure: the same rows and
 * width always give the same text. Widths are measured on plain text; colour is applied to whole rows afterwards.
 */
public final class Table {

    private static final String GAP = "  ";

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<Tone> tones = new ArrayList<>();

    private Table(List<String> headers) {
        this.headers = headers.stream().map(h -> h.toUpperCase(java.util.Locale.ROOT)).toList();
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
            return list.isEmpty() ? "-" : String.join(",", list.stream().map(Objects::toString).toList());
        }
        return value.toString();
    }

    /**
     * Renders the table. When {@code width} is positive and the table is wider, the last column is cut with "…";
     * the other columns are never cut (ids and names must stay whole).
     */
    public String render(int width, boolean color) {
        int columns = headers.size();
        int[] widths = new int[columns];
        for (int c = 0; c < columns; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        out.append(Tone.HEADER.paint(line(headers, widths, width), color)).append('\n');
        for (int r = 0; r < rows.size(); r++) {
            out.append(tones.get(r).paint(line(rows.get(r), widths, width), color)).append('\n');
        }
        return out.toString();
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
        if (maxWidth > 0 && text.length() > maxWidth) {
            text = text.substring(0, Math.max(0, maxWidth - 1)) + "…";
        }
        return text;
    }
}
