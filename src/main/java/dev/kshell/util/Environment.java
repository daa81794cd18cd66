package dev.kshell.util;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Everything kshell reads from the process's environment: its own settings (system properties and environment
 * variables) and the JVM's facts (user, host, directories, class path). The one class of src/main that calls
 * {@code System.getProperty} / {@code System.getenv} (ArchitectureTest), so this list is complete; callers get a
 * value from here or have it passed in. The one other reader is {@code sandbox.NodeMain}, the entry point of the
 * sandbox's child JVMs: it runs in another JVM, from a directory beside another Kafka release's jars that holds only
 * it and its watchdog, so it cannot use this class.
 *
 * <p>Every method reads at each call (nothing is cached): tests and the sandbox set these properties while the JVM
 * runs.
 */
public final class Environment {

    /** A setting given as a system property or, when that is not set (or blank), an environment variable. */
    public record Setting(String property, String variable) {
        /** The property, else the variable, else null. */
        public String read() {
            String value = System.getProperty(property);
            if (value != null && !value.isBlank()) {
                return value;
            }
            value = System.getenv(variable);
            return value != null && !value.isBlank() ? value : null;
        }
    }

    /** kshell's own directory ({@code session.KshellHome}); without it {@code ~/.kshell}. */
    public static final Setting HOME = new Setting("kshell.home", "KSHELL_HOME");
    /** The audit log file; without it {@code <records>/audit.jsonl}. */
    public static final Setting AUDIT_FILE = new Setting("kshell.audit.file", "KSHELL_AUDIT_FILE");
    /** Where a sandbox session's records go: {@code sandbox} (the default) or {@code home}. */
    public static final Setting SANDBOX_STATE = new Setting("kshell.sandbox.state", "KSHELL_SANDBOX_STATE");
    /** The log file; the launcher sets it to {@code <home>/kshell.log} before logging starts. */
    public static final String LOG_FILE_PROPERTY = "kshell.log.file";
    /** Bound on every wait for a sandbox node, in seconds (default 180). */
    public static final String SANDBOX_READY_TIMEOUT_PROPERTY = "kshell.sandbox.readyTimeoutSeconds";
    /** Extra JVM options for every sandbox node, separated by spaces (e.g. {@code -Xmx512m}). */
    public static final String SANDBOX_JVM_OPTIONS_PROPERTY = "kshell.sandbox.jvmOptions";

    /** Set by the launcher on the fast-start archive's training run (docs/performance.md, "Fast start"). */
    public static final String FAST_START_TRAINING_PROPERTY = "kshell.fastStart.training";

    private Environment() {
    }

    /** System property naming, per release line, a file that holds its class path: {@code kshell.kafka.3.9.classpath}. */
    public static String kafkaClassPathProperty(String line) {
        return "kshell.kafka." + line + ".classpath";
    }

    // kshell's own settings

    public static String kshellHome() {
        return HOME.read();
    }

    public static String auditFile() {
        return AUDIT_FILE.read();
    }

    public static String sandboxState() {
        return SANDBOX_STATE.read();
    }

    /** {@value #LOG_FILE_PROPERTY}, else {@code kshell.log} in the temp directory. */
    public static String logFile() {
        return System.getProperty(LOG_FILE_PROPERTY, tmpDir().resolve("kshell.log").toString());
    }

    /** True when the JVM was started with {@code -Dlogback.configurationFile} (the sandbox's nodes, an operator). */
    public static boolean logbackConfigured() {
        return System.getProperty("logback.configurationFile") != null;
    }

    /** True on the launcher's training run of the fast-start archive ({@value #FAST_START_TRAINING_PROPERTY}). */
    public static boolean fastStartTraining() {
        return Boolean.getBoolean(FAST_START_TRAINING_PROPERTY);
    }

    /** {@value #SANDBOX_READY_TIMEOUT_PROPERTY}, default 180. */
    public static long sandboxReadyTimeoutSeconds() {
        return Long.getLong(SANDBOX_READY_TIMEOUT_PROPERTY, 180);
    }

    /** {@value #SANDBOX_JVM_OPTIONS_PROPERTY}, trimmed; empty when not set. */
    public static String sandboxJvmOptions() {
        return System.getProperty(SANDBOX_JVM_OPTIONS_PROPERTY, "").trim();
    }

    /** The class path file of Kafka release {@code line} ({@link #kafkaClassPathProperty}), or null. */
    public static String kafkaClassPathFile(String line) {
        return System.getProperty(kafkaClassPathProperty(line));
    }

    // the terminal

    /** {@code NO_COLOR} and {@code TERM}, as far as they are set: what decides whether output is coloured. */
    public static Map<String, String> colorVariables() {
        Map<String, String> out = new HashMap<>();
        for (String name : new String[] {"NO_COLOR", "TERM"}) {
            String value = System.getenv(name);
            if (value != null) {
                out.put(name, value);
            }
        }
        return out;
    }

    // the JVM and the machine

    /** The user's home directory ({@code user.home}); may be null or empty in odd containers. */
    public static String userHome() {
        return System.getProperty("user.home");
    }


    public static Path tmpDir() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** The {@code java} launcher of this JVM. */
    public static Path javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    public static String classPath() {
        return System.getProperty("java.class.path");
    }

    public static boolean windows() {
        return System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("win");
    }

    /** True when a JAAS file is configured ({@code java.security.auth.login.config}); without one SASL cannot work. */
    public static boolean jaasConfigured() {
        return System.getProperty("java.security.auth.login.config") != null;
    }

}
