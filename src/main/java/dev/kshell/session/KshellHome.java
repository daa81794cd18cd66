package dev.kshell.session;

import java.nio.file.Path;

/**
 * kshell's own directory: history, log, audit log, state, transcripts, profiles. {@code -Dkshell.home}, then
 * {@code KSHELL_HOME}, then {@code ~/.kshell}; tests point it at a temp dir so they never touch a real home.
 */
public final class KshellHome {

    private KshellHome() {
    }

    public static Path dir() {
        String property = System.getProperty("kshell.home");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String env = System.getenv("KSHELL_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("user.home"), ".kshell");
    }

    public static Path history() {
        return dir().resolve("history");
    }

    public static Path log() {
        return dir().resolve("kshell.log");
    }
}
