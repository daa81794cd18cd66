package dev.kshell.app;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cli.ShellControl;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ConnectionRequest;
import dev.kshell.connection.ShellSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import dev.kshell.cli.Colors;
import dev.kshell.cli.ErrorMapper;
import dev.kshell.cluster.ClusterException;
import dev.kshell.connection.Secrets;

/**
 * Connects as the launcher options say, then runs one command (one-shot, {@link OneShotRunner}), a runbook
 * ({@code run}, one-shot too) or the REPL ({@link Repl}), each a Spring Shell {@code ShellRunner}, and returns the exit
 * code of its run.
 */
final class KshellRunner {

    private static final Logger LOG = LoggerFactory.getLogger(KshellRunner.class);

    private final LaunchOptions options;
    private final ShellSession session;
    private final ConnectionRequest.Resolver resolver;
    private final CommandLineExecutor executor;
    private final ShellControl control;
    private final SandboxLauncher sandbox;

    KshellRunner(LaunchOptions options, Assembly assembly) {
        this.options = options;
        this.session = assembly.session();
        this.resolver = assembly.resolver();
        this.executor = assembly.executor();
        this.control = assembly.control();
        this.sandbox = assembly.sandboxLauncher();
    }

    /** Runs what the options say; the process exit code. */
    int run() {
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        if (options.timeout() != null) {
            session.defaultTimeout(options.timeout());
        }
        try {
            if (options.sandbox()) {
                sandbox.startAndConnect(options.sandboxDir(), options.sandboxKafka(), options.sandboxZooKeeperMode(),
                        options.sandboxStaticQuorum(), SandboxLauncher.wrapping(err, TerminalPrompter.columnsOfStandardError()));
            } else if (!options.connection().isEmpty()) {
                ConnectionRequest.Resolved resolved = resolver.resolve(options.connection(), session.defaultTimeout());
                resolved.warnings().forEach(err::println); // a secret in a file others may read: say so, go on
                session.connect(resolved.target(), resolved.label(), resolved.expectedClusterId());
            }
        } catch (ConnectionRequest.InvalidRequest e) {
            err.println("error: " + e.getMessage());
            return ExitCode.USAGE.code();
        } catch (ClusterException e) {
            // one mapping for every failure: a bad JAAS config is bad input (2), a denied ACL is no outage
            LOG.info("start-up failed: {}", e.getMessage());
            ErrorMapper.Mapped mapped = ErrorMapper.map(e);
            err.println("error: " + mapped.message());
            return mapped.code().code();
        } catch (RuntimeException e) {
            LOG.error("start-up failed", e);
            err.println("error: " + Secrets.maskText(e.getMessage()));
            return ExitCode.UNREACHABLE.code();
        }
        ExecutionMode run = new ExecutionMode(options.yes(), false, false, false, options.stacktrace());
        boolean tty = System.console() != null;
        boolean color = Colors.allowed(tty, options.noColor());
        ExitingShellRunner runner;
        if (options.oneShot()) {
            runner = new OneShotRunner(executor, run, options.json(), color, tty);
        } else {
            if (options.yes()) {
                // --yes has one meaning: the one command of a one-shot run. It must not answer every question typed
                // later.
                err.println("note: --yes applies to a one-shot command only; in the shell, give --yes to each command "
                        + "(or to `run FILE --yes`)");
            }
            runner = new Repl(executor, session, control, options, run.withYes(false));
        }
        // Spring Shell's runner interface: the one-shot runner takes the command's words as received, the REPL none
        try {
            runner.run(options.oneShot() ? options.command().toArray(String[]::new) : new String[0]);
        } catch (Exception e) {
            // the runners report their own failures; anything left is kshell's defect
            LOG.error("internal error", e);
            err.println("error: " + ErrorMapper.map(e).message());
            return ExitCode.INTERNAL.code();
        }
        return ErrorMapper.code(runner.exitStatus()).code();
    }

}
