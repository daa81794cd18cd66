package dev.kshell.session;

import java.nio.file.Path;

/**
 * kshell's own directory: profiles, log, and by default the records of what the operator did and saw (history,
 * audit log, state, transcripts). {@code -Dkshell.home}, then {@code KSHELL_HOME}, then {@code ~/.kshell}; tests
 * point it at a temp dir so they never touch a real home.
 *
 * <p>The records may live elsewhere ({@link #records()}): a session on kshell's embedded sandbox keeps them in the
 * sandbox's own directory, so that practice kills and elections never mix with a real cluster's audit log and
 * memory (docs/sandbox.md). {@code KSHELL_SANDBOX_STATE=home} (or {@code -Dkshell.sandbox.state=home}) keeps them
 * in the home as before.
 *
 * <p>The one class that reads kshell's own settings from the environment ({@code kshell.home} / {@code KSHELL_HOME},
 * {@code kshell.audit.file} / {@code KSHELL_AUDIT_FILE}, {@code kshell.sandbox.state} / {@code KSHELL_SANDBOX_STATE}),
 * at each call: tests and the sandbox change them while the JVM runs.
 */
public final class KshellHome {

    /** Where a sandbox session's records go: {@code sandbox} (the default) or {@code home}. */
    public static final String SANDBOX_STATE_ENV = "KSHELL_SANDBOX_STATE";
    public static final String SANDBOX_STATE_PROPERTY = "kshell.sandbox.state";

    /** The records' directory when it is not the home (the sandbox's while connected to it), or null. */
    private static volatile java.util.function.Supplier<Path> recordsDir = () -> null;

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

    /** Where history, the audit log, state/ and transcripts/ go: the home, or the sandbox's directory. */
    public static Path records() {
        Path dir = recordsDir.get();
        // a removed sandbox directory (temp sandbox closed) sends the records home again
        return dir != null && java.nio.file.Files.isDirectory(dir) ? dir : dir();
    }

    /** True when a sandbox session should keep its records with the sandbox (unless the user said {@code home}). */
    public static boolean sandboxKeepsRecords() {
        String value = System.getProperty(SANDBOX_STATE_PROPERTY);
        if (value == null || value.isBlank()) {
            value = System.getenv(SANDBOX_STATE_ENV);
        }
        return value == null || value.isBlank() || !value.strip().equalsIgnoreCase("home");
    }

    /**
     * From now on the records go where {@code dir} says, or to the home while it says null (the sandbox's directory
     * while the session is connected to the sandbox; after {@code connect} to a real cluster, the home again).
     */
    public static void keepRecordsIn(java.util.function.Supplier<Path> dir) {
        recordsDir = dir == null ? () -> null : dir;
    }

    public static Path history() {
        return records().resolve("history");
    }

    /** The per-cluster memory: remembered offsets, replica reorders, quorum history. */
    public static Path state() {
        return records().resolve("state");
    }

    /** System property naming the audit log file; else env {@link #AUDIT_ENV}; else {@link #audit()}. */
    public static final String AUDIT_PROPERTY = "kshell.audit.file";
    public static final String AUDIT_ENV = "KSHELL_AUDIT_FILE";

    /** The audit log of mutating attempts, where the records go. */
    public static Path audit() {
        return records().resolve("audit.jsonl");
    }

    /** The audit log file to write: {@code -Dkshell.audit.file}, else {@code KSHELL_AUDIT_FILE}, else {@link #audit()}. */
    public static Path auditLog() {
        String property = System.getProperty(AUDIT_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String env = System.getenv(AUDIT_ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return audit(); // <kshell home>/audit.jsonl, or the sandbox's own directory
    }

    public static Path log() {
        return dir().resolve("kshell.log");
    }
}
