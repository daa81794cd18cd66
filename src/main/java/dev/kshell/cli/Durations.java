package dev.kshell.cli;

import java.time.Duration;

/** Durations as operators type them (500ms, 5s, 2m, 1h, 1m30s), as usage errors when malformed. */
public final class Durations {

    private Durations() {
    }

    public static Duration parse(String what, String text) {
        dev.kshell.session.Outcome<Duration> parsed = dev.kshell.session.Durations.parse(text, what);
        if (!parsed.isOk()) {
            throw new UsageException(parsed.errors().get(0).message().startsWith(what)
                    ? parsed.errors().get(0).message() : what + ": " + parsed.errors().get(0).message());
        }
        return parsed.orElseThrow();
    }

    public static String format(Duration d) {
        return dev.kshell.session.Durations.format(d);
    }
}
