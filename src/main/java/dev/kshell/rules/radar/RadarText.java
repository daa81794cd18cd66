package dev.kshell.rules.radar;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** How the radar words times and nodes: "in 5 days", "3 h ago", "2026-12-10 14:02 UTC", "brokers 4, 5, 6". */
public final class RadarText {

    private static final DateTimeFormatter AT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private RadarText() {
    }

    /** "2026-12-10 14:02 UTC". */
    public static String at(Instant t) {
        return AT.format(t);
    }

    /** "in 5 days", "in 30 h", "in 12 min" ({@link #span}). */
    public static String in(Duration d) {
        return "in " + span(d);
    }

    /** "5 days ago", "3 h ago". */
    public static String ago(Duration d) {
        return span(d) + " ago";
    }

    /**
     * A duration as the radar says it: whole days (rounded up) from 2 days on, so that a certificate issued for 5
     * days reads "5 days"; below that hours and minutes ("24 h", "1 h 30 min", "59 min"), then seconds.
     */
    public static String span(Duration d) {
        long s = Math.abs(d.getSeconds());
        if (s >= 2 * 86_400) {
            return (s + 86_399) / 86_400 + " days";
        }
        long h = s / 3_600;
        long m = s % 3_600 / 60;
        if (h > 0) {
            return h + " h" + (m == 0 ? "" : " " + m + " min");
        }
        return m > 0 ? m + " min" : s + " s";
    }

    /** "broker 4", "brokers 4, 5, 6", "controllers 1, 2", "bootstrap controller" (ids unknown: -1). */
    public static String nodes(String role, Collection<Integer> ids) {
        List<Integer> known = ids.stream().filter(i -> i >= 0).sorted().toList();
        String r = role == null ? "node" : role;
        if (known.isEmpty()) {
            return r.equals("controller") ? "the bootstrap controllers" : "a " + r + " of unknown id";
        }
        return r + (known.size() == 1 ? " " : "s ") + known.stream().map(String::valueOf)
                .collect(Collectors.joining(", "));
    }

    /**
     * A string from outside (a certificate's subject, a SAN) as it may stand inside a finding's sentence: the line
     * breaks and tabs that kshell's prose keeps are shown as {@code \n} and {@code \t}, so that a crafted subject
     * cannot begin a line of its own (every other control character is escaped where the sentence is printed).
     */
    public static String outside(String s) {
        return s == null ? null : s.replace("\n", "\\n").replace("\t", "\\t");
    }

    /** "listener SSL", or "the listener this connection uses" when its name could not be read. */
    public static String listener(String name) {
        return name == null ? "the listener this connection uses" : "listener " + name;
    }
}
