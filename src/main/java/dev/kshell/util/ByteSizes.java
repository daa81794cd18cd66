package dev.kshell.util;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Byte counts and rates as people write them: {@code 50MB/s}, {@code 10MiB}, {@code 1.5GB}; decimal and binary. */
public final class ByteSizes {

    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(b|kb|mb|gb|kib|mib|gib)?(?:/s)?",
            Pattern.CASE_INSENSITIVE);

    private ByteSizes() {
    }

    /**
     * Bytes (per second, when written with /s) from {@code 50MB/s}, {@code 1GiB}, {@code 1048576}.
     *
     * @throws IllegalArgumentException with the operator's sentence when the text is not one
     */
    public static long parse(String text) {
        Matcher m = RATE.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size or rate (e.g. 50MB/s, 10MiB/s, 1048576)");
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "b" : m.group(2).toLowerCase(Locale.ROOT);
        long factor = switch (unit) {
            case "kb" -> 1000L;
            case "mb" -> 1000_000L;
            case "gb" -> 1000_000_000L;
            case "kib" -> 1L << 10;
            case "mib" -> 1L << 20;
            case "gib" -> 1L << 30;
            default -> 1L;
        };
        double bytes = n * factor;
        if (bytes < 1 || bytes > Long.MAX_VALUE / 2) {
            throw new IllegalArgumentException("'" + text + "' is out of range (at least 1 byte)");
        }
        return (long) bytes;
    }

    /** {@code 0 B}, {@code 950 B}, {@code 12.3 MB}, {@code 1.2 GB} (decimal units, as Kafka's rates are). */
    public static String human(long bytes) {
        if (bytes < 1000) {
            return bytes + " B";
        }
        String[] units = {"kB", "MB", "GB", "TB", "PB"};
        double v = bytes;
        int i = -1;
        while (v >= 1000 && i < units.length - 1) {
            v /= 1000;
            i++;
        }
        return String.format(Locale.ROOT, v < 10 ? "%.1f %s" : "%.0f %s", v, units[i]);
    }

    /** Whether {@link #parse} accepts the text. */
    public static boolean valid(String text) {
        try {
            parse(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** {@code 50 MB/s}. */
    public static String rate(long bytesPerSecond) {
        return human(bytesPerSecond) + "/s";
    }
}
