package dev.kshell.cli;

import java.time.Duration;

/** DurationOptions as operators type them (500ms, 5s, 2m, 1h, 1m30s), as usage errors when malformed. */
public final class DurationOptions {

    private DurationOptions() {
    }

    public static Duration parse(String what, String text) {
        dev.kshell.util.Validated<Duration> parsed = dev.kshell.util.Durations.parse(text, what);
        if (!parsed.isOk()) {
            throw new UsageException(parsed.errors().get(0).message().startsWith(what)
                    ? parsed.errors().get(0).message() : what + ": " + parsed.errors().get(0).message());
        }
        return parsed.orElseThrow();
    }

    public static String format(Duration d) {
        return dev.kshell.util.Durations.format(d);
    }
}
