package dev.kshell.app;

import dev.kshell.memory.QuorumHistory;
import java.lang.management.ManagementFactory;
import java.util.Set;

import dev.kshell.cli.UsageException;
import dev.kshell.connection.Secrets;
import dev.kshell.memory.KshellHome;
import dev.kshell.model.ExitCode;
import dev.kshell.util.Environment;
import org.slf4j.LoggerFactory;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * kshell's entry point: parses the launcher's options, sends logs to the file, makes the {@link Assembly} (every
 * object kshell runs on, with {@code new}: no container) and runs it ({@link KshellRunner}). Start-up is most of a
 * one-shot command's cost, so nothing is made that the run does not use, and nothing is found by scanning or
 * reflection (docs/performance.md, "Where a start's CPU goes").
 */
public final class KshellApplication {

    private KshellApplication() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs kshell and returns the process exit code (tests call this instead of main). */
    public static int run(String[] args) {
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args);
        } catch (UsageException e) {
            System.err.println("error: " + Secrets.maskText(e.getMessage()));
            return ExitCode.USAGE.code();
        }
        if (options.help()) {
            System.out.print(LaunchOptions.USAGE);
            return 0;
        }
        if (options.version()) {
            System.out.println("kshell " + version());
            return 0;
        }
        if (options.oneShot() && (options.sandbox() || !options.connection().isEmpty())) {
            prepare(READS_THE_QUORUM_HISTORY.contains(options.command().get(0)));
        }
        // Logs go to a file before anything logs: the console belongs to the operator.
        System.setProperty(KshellLogging.LOG_FILE_PROPERTY, KshellHome.log().toString());
        LoggerFactory.getILoggerFactory(); // configure now, so a log that cannot be written is said first
        if (KshellLogging.problem() != null) {
            System.err.println("warning: " + KshellLogging.problem());
        }
        Assembly assembly;
        try {
            assembly = Assembly.forLaunch();
        } catch (RuntimeException e) {
            LoggerFactory.getLogger(KshellApplication.class).error("kshell could not start", e);
            System.err.println("error: kshell could not start: " + Secrets.maskText(rootMessage(e)) + " (log: " + KshellHome.log() + ")");
            if (options.stacktrace()) {
                StringWriter trace = new StringWriter();
                e.printStackTrace(new PrintWriter(trace));
                System.err.print(Secrets.maskText(trace.toString()));
            }
            return ExitCode.INTERNAL.code();
        }
        // SIGTERM, SIGHUP (and SIGINT where no terminal catches it) end the JVM: stop the sandbox's nodes and close
        // the connection on the way out. The JVM then exits 143 (128 + 15) on SIGTERM, as a shell reports it.
        Thread hook = new Thread(assembly::close, "kshell-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            int code = new KshellRunner(options, assembly).run();
            if (Environment.fastStartTraining()) {
                FastStartTraining.run(); // the training run has no cluster: load what a first answer loads

            }
            return code;
        } finally {
            assembly.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down (a signal while the command ended): the hook runs, close is idempotent
            }
        }
    }

    /** One-shot commands that read and write the quorum history (the state directory's {@code *.quorum.json}). */
    private static final Set<String> READS_THE_QUORUM_HISTORY = Set.of("quorum", "triage");

    /**
     * Does on a second thread, while this one starts logging and the Kafka client, the one-time set-up a one-shot
     * command on a cluster then waits for (docs/performance.md, "Where a start's CPU goes"): the JVM's platform MBean
     * server, which Kafka's Admin client asks for as it starts (its app-info MBean: some 40 ms of CPU), the masking of
     * secrets in what is printed, and, for a
     * command that writes the quorum history, that history's JSON mapper (Jackson's first use: some 40 ms). A failure
     * here changes nothing: each is made again where it is used.
     */
    private static void prepare(boolean quorumHistory) {
        Thread t = new Thread(() -> {
            try {
                ManagementFactory.getPlatformMBeanServer();
                Secrets.maskText(""); // its pattern of Kafka's password keys, from the producer's and consumer's configs
                if (quorumHistory) {
                    QuorumHistory.prepare();
                }
            } catch (RuntimeException | LinkageError e) {
                // the real use reports what is wrong
            }
        }, "kshell-prepare");
        t.setDaemon(true);
        t.start();
    }

    static String version() {
        String v = KshellApplication.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }
}
