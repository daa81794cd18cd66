package dev.kshell.util;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * An enum spelled, for people and for machines (tables, JSON, the command line, the audit log), as its constant's
 * name in lower case with dashes: {@code UNDER_MIN_ISR} is {@code under-min-isr}. The spelling is derived, so a
 * constant cannot be given a second name by mistake; enums whose words differ from their constants (group titles,
 * election actions) spell themselves.
 */
public interface Labelled {

    /** The enum constant's name (implemented by every enum). */
    String name();

    /** {@code under-min-isr}: the spelling used in tables, JSON, runbooks and on the command line. */
    @JsonValue
    default String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
