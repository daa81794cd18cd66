package dev.kshell.app;

import dev.kshell.cli.UsageException;
import dev.kshell.grammar.CommandGrammar;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.GrammarException;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.connection.ConnectionRequest;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The launcher's options: the leading {@code --options}, then the words of a one-shot command (if any). Declared
 * like a command's ({@link #SYNTAX}) and walked by the one grammar; parsed before anything is made, so a typo costs no
 * start-up time.
 */
public record LaunchOptions(ConnectionRequest connection, boolean sandbox, String sandboxDir, boolean json,
                            boolean noColor, boolean stacktrace, boolean yes, Duration timeout, List<String> command,
                            boolean help, boolean version, String sandboxKafka, boolean sandboxZooKeeperMode,
                            boolean sandboxStaticQuorum) {

    /** Options with the sandbox's release choice, its quorum dynamic (Kafka's advice for new clusters). */
    public LaunchOptions(ConnectionRequest connection, boolean sandbox, String sandboxDir, boolean json,
                         boolean noColor, boolean stacktrace, boolean yes, Duration timeout, List<String> command,
                         boolean help, boolean version, String sandboxKafka, boolean sandboxZooKeeperMode) {
        this(connection, sandbox, sandboxDir, json, noColor, stacktrace, yes, timeout, command, help, version,
                sandboxKafka, sandboxZooKeeperMode, false);
    }

    /** Options without the sandbox's release choice (kshell's own Kafka, KRaft). */
    public LaunchOptions(ConnectionRequest connection, boolean sandbox, String sandboxDir, boolean json,
                         boolean noColor, boolean stacktrace, boolean yes, Duration timeout, List<String> command,
                         boolean help, boolean version) {
        this(connection, sandbox, sandboxDir, json, noColor, stacktrace, yes, timeout, command, help, version, null,
                false);
    }

    /** The launcher's declaration (options and the one-shot command): {@link GlobalOptions#LAUNCHER}. */
    public static final CommandSpec SYNTAX = GlobalOptions.LAUNCHER;

    /** The launcher's options, as declared. */
    public static final List<OptionSpec> OPTIONS = SYNTAX.options();

    /** {@code kshell --help}: generated from the declaration. */
    public static final String USAGE = usage();

    private static String usage() {
        StringBuilder out = new StringBuilder("Usage: kshell [OPTIONS] [COMMAND [ARGS...]]\n\n"
                + "With no COMMAND, opens the interactive shell; with one, runs it, prints, and exits with its code.\n\n"
                + "Options:\n");
        for (OptionSpec o : OPTIONS) {
            String shown = o.usage() + (o.shortName() != 0 ? ", -" + o.shortName() : "");
            out.append(String.format("  %-37s %s%n", shown, o.description()));
        }
        return out.append("""

                Exit codes: 0 ok/healthy, 1 findings, 2 usage or input error, 3 refused by a guard,
                            4 cluster unreachable or deadline passed, 5 action failed, 70 internal error.
                """).toString();
    }

    public static LaunchOptions parse(String[] args) {
        CommandGrammar.Walk walk = CommandGrammar.walk(SYNTAX, OPTIONS, List.of(args));
        if (walk.problem() != null) {
            throw new UsageException("unknown option " + walk.problem() + "; see kshell --help");
        }
        if (walk.awaitingValue() != null) {
            throw new UsageException("--" + walk.awaitingValue().name() + " needs a value");
        }
        Map<String, List<Object>> given;
        try {
            for (OptionSpec o : OPTIONS) {
                for (String value : walk.options().getOrDefault(o.name(), List.of())) {
                    CommandGrammar.checkChoice("--" + o.name(), o.choices(), value);
                }
            }
            given = CommandGrammar.convertOptions(OPTIONS, walk);
        } catch (GrammarException e) {
            throw new UsageException(e.getMessage());
        }
        Duration timeout = get(given, GlobalOptions.TIMEOUT);
        ConnectionRequest request = new ConnectionRequest(get(given, GlobalOptions.BOOTSTRAP_SERVER),
                get(given, GlobalOptions.BOOTSTRAP_CONTROLLER), get(given, GlobalOptions.COMMAND_CONFIG),
                get(given, GlobalOptions.PROFILE), timeout, get(given, GlobalOptions.ZOOKEEPER));
        boolean sandbox = get(given, GlobalOptions.SANDBOX);
        String sandboxKafka = get(given, GlobalOptions.KAFKA);
        boolean zooKeeperMode = get(given, GlobalOptions.ZOOKEEPER_MODE);
        boolean staticQuorum = get(given, GlobalOptions.STATIC_QUORUM);
        if ((sandboxKafka != null || zooKeeperMode || staticQuorum) && !sandbox) {
            throw new UsageException("--kafka, --zookeeper-mode and --static-quorum choose the sandbox's cluster: "
                    + "add --sandbox");
        }
        if (zooKeeperMode && staticQuorum) {
            throw new UsageException("--static-quorum is a KRaft quorum's kind: a ZooKeeper-mode sandbox has none");
        }
        if (zooKeeperMode && sandboxKafka != null && sandboxKafka.startsWith("4")) {
            throw new UsageException("Kafka " + sandboxKafka + " has no ZooKeeper mode (removed in 4.0): use --kafka 3.9");
        }
        if (zooKeeperMode && sandboxKafka == null) {
            sandboxKafka = "3.9"; // ZooKeeper mode needs a 3.x release
        }
        if (sandbox && !request.isEmpty()) {
            throw new UsageException("--sandbox starts its own cluster: leave out --bootstrap-server/--bootstrap-controller/--profile");
        }
        return new LaunchOptions(request, sandbox, get(given, GlobalOptions.SANDBOX_DIR),
                "json".equals(get(given, GlobalOptions.OUTPUT)), get(given, GlobalOptions.NO_COLOR),
                get(given, GlobalOptions.STACKTRACE), get(given, GlobalOptions.YES), timeout,
                List.copyOf(walk.arguments()), get(given, GlobalOptions.HELP), get(given, GlobalOptions.VERSION),
                sandboxKafka, zooKeeperMode, staticQuorum);
    }

    private static <T> T get(Map<String, List<Object>> given, Opt<T> option) {
        return option.read(given.get(option.name()));
    }

    public boolean oneShot() {
        return !command.isEmpty();
    }
}
