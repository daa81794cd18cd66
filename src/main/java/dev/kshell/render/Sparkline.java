package dev.kshell.render;

import java.util.List;

/**
 * A series drawn as a small bar chart, one block character per value, scaled between the series' own minimum and
 * maximum ("▁▂▅█"): a person sees "growing" faster than reads it. Pure.
 */
public final class Sparkline {

    private static final char[] BARS = {'▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'};

    private Sparkline() {
    }

    /** The last {@code max} values drawn; an empty series is an empty string, a flat one sits on the bottom bar. */
    public static String of(List<Long> values, int max) {
        List<Long> shown = values.size() > max ? values.subList(values.size() - max, values.size()) : values;
        if (shown.isEmpty()) {
            return "";
        }
        long min = shown.stream().mapToLong(Long::longValue).min().orElse(0);
        long top = shown.stream().mapToLong(Long::longValue).max().orElse(0);
        StringBuilder out = new StringBuilder(shown.size());
        for (long v : shown) {
            int level = top == min ? 0 : (int) Math.round((double) (v - min) * (BARS.length - 1) / (top - min));
            out.append(BARS[level]);
        }
        return out.toString();
    }
}
