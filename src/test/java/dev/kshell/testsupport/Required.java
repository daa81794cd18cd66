package dev.kshell.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs from the machine, checked loudly. Outside CI a missing tool is a skip whose reason surefire
 * reports; in CI ({@code CI=true}) a missing tmux or zsh fails the test, because CI installs them ({@code .ci/run})
 * and a green run must not have skipped the terminal tests.
 */
public final class Required {

    /** Where the machine's second JDK, the launcher's newest accepted Java, is installed. */
    public static final Path TEMURIN_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    private Required() {
    }

    /** True when {@code CI=true} in the environment (the CI entry point, .ci/run, runs there). */
    public static boolean ci() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** tmux, for the tests that drive a real terminal. */
    public static void tmux(String what) {
        tool("tmux", Tmux.available(), what);
    }

    /** zsh, for the zsh completion test. */
    public static void zsh(String what) {
        tool("zsh", Files.isExecutable(Path.of("/usr/bin/zsh")) || Files.isExecutable(Path.of("/bin/zsh")), what);
    }

    /** Fails in CI, else skips with the reason, when {@code present} is false. */
    public static void tool(String tool, boolean present, String what) {
        if (present) {
            return;
        }
        String reason = tool + " is not installed: " + what;
        if (ci()) {
            throw new AssertionError(reason + " must run in CI (CI=true; .ci/run installs " + tool + ")");
        }
        Assumptions.abort(reason + " skipped");
    }

    /** The Javas the launcher accepts that this machine has: this one (17) and Temurin 25 when installed. */
    public static List<String> javas() {
        String current = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return Files.isExecutable(TEMURIN_25) ? List.of(current, TEMURIN_25.toString()) : List.of(current);
    }

    /**
     * Called at the end of a test that ran its legs over {@link #javas()}: without Temurin 25 the test is reported
     * skipped, saying that its Java 17 leg passed and why the Java 25 leg did not run (never a silent drop-out).
     */
    public static void reportMissingJava25(String what) {
        if (!Files.isExecutable(TEMURIN_25)) {
            if (ci()) {
                throw new AssertionError("no Temurin 25 JDK at " + TEMURIN_25 + ": the Java 25 leg of " + what
                        + " must run in CI (this kind of machine has it)");
            }
            Assumptions.abort("the Java 17 leg of " + what + " passed; the Java 25 leg did not run: no Temurin 25 JDK"
                    + " at " + TEMURIN_25);
        }
    }
}
