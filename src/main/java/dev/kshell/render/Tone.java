package dev.kshell.render;

import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import dev.kshell.model.Severity;

/** The few colours kshell uses, by meaning. Whole rows are coloured so column widths stay right (docs/kafka-behaviour.md). */
public enum Tone {
    PLAIN(AttributedStyle.DEFAULT),
    GOOD(AttributedStyle.DEFAULT.foreground(AttributedStyle.GREEN)),
    WARN(AttributedStyle.DEFAULT.foreground(AttributedStyle.YELLOW)),
    BAD(AttributedStyle.BOLD.foreground(AttributedStyle.RED)),
    DIM(AttributedStyle.DEFAULT.faint()),
    HEADER(AttributedStyle.BOLD);

    private final AttributedStyle style;

    Tone(AttributedStyle style) {
        this.style = style;
    }

    /** The colour of a finding's severity in tables: critical/error red, warning yellow, info plain. */
    public static Tone of(Severity severity) {
        if (severity == null) {
            return PLAIN;
        }
        return switch (severity) {
            case CRITICAL, ERROR -> BAD;
            case WARNING -> WARN;
            case INFO -> PLAIN;
        };
    }

    /** The text in this tone, as ANSI when {@code color}, else unchanged. */
    public String paint(String text, boolean color) {
        String safe = Safe.prose(text); // never colour a sequence that came from outside
        if (!color || this == PLAIN || safe.isEmpty()) {
            return safe;
        }
        return new AttributedString(safe, style).toAnsi();
    }
}
