package dev.kshell.memory;

import dev.kshell.util.Environment;
import java.nio.file.Path;
import java.nio.file.Files;
import java.util.function.Supplier;

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
 * <p>The paths come from kshell's own settings ({@code kshell.home} / {@code KSHELL_HOME}, {@code kshell.audit.file} /
 * {@code KSHELL_AUDIT_FILE}, {@code kshell.sandbox.state} / {@code KSHELL_SANDBOX_STATE}), read through
 * {@link Environment} at each call: tests and the sandbox change them while the JVM runs.
 */
public final class KshellHome {

    /** Where a sandbox session's records go: {@code sandbox} (the default) or {@code home}. */
    public static final String SANDBOX_STATE_ENV = Environment.SANDBOX_STATE.variable();
    public static final String SANDBOX_STATE_PROPERTY = Environment.SANDBOX_STATE.property();

    /** The records' directory when it is not the home (the sandbox's while connected to it), or null. */
    private static volatile Supplier<Path> recordsDir = () -> null;

    private KshellHome() {
    }

    public static Path dir() {
        String set = Environment.kshellHome();
        return set != null ? Path.of(set) : Path.of(Environment.userHome(), ".kshell");
    }

    /** Where history, the audit log, state/ and transcripts/ go: the home, or the sandbox's directory. */
    public static Path records() {
        Path dir = recordsDir.get();
        // a removed sandbox directory (temp sandbox closed) sends the records home again
        return dir != null && Files.isDirectory(dir) ? dir : dir();
    }

    /** True when a sandbox session should keep its records with the sandbox (unless the user said {@code home}). */
    public static boolean sandboxKeepsRecords() {
        String value = Environment.sandboxState();
        return value == null || !value.strip().equalsIgnoreCase("home");
    }

    /**
     * From now on the records go where {@code dir} says, or to the home while it says null (the sandbox's directory
     * while the session is connected to the sandbox; after {@code connect} to a real cluster, the home again).
     */
    public static void keepRecordsIn(Supplier<Path> dir) {
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
    public static final String AUDIT_PROPERTY = Environment.AUDIT_FILE.property();
    public static final String AUDIT_ENV = Environment.AUDIT_FILE.variable();

    /** The audit log of mutating attempts, where the records go. */
    public static Path audit() {
        return records().resolve("audit.jsonl");
    }

    /** The audit log file to write: {@code -Dkshell.audit.file}, else {@code KSHELL_AUDIT_FILE}, else {@link #audit()}. */
    public static Path auditLog() {
        String set = Environment.auditFile();
        return set != null ? Path.of(set) : audit(); // <kshell home>/audit.jsonl, or the sandbox's own directory
    }

    public static Path log() {
        return dir().resolve("kshell.log");
    }
}
