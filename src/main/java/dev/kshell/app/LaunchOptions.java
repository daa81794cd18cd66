package dev.kshell.app;

import dev.kshell.cli.ConnectionOptions;
import dev.kshell.cli.DurationOptions;
import dev.kshell.cli.UsageException;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandGrammar;
import dev.kshell.grammar.CommandSyntax;
import dev.kshell.grammar.CompletionScripts;
import dev.kshell.grammar.GrammarException;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.grammar.Positional;
import dev.kshell.session.ConnectionRequest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The launcher's options: the leading {@code --options}, then the words of a one-shot command (if any). Declared
 * like a command's ({@link #SYNTAX}) and walked by the one grammar; parsed before Spring starts, so a typo costs no
 * start-up time.
 */
public record LaunchOptions(ConnectionRequest connection, boolean sandbox, String sandboxDir, boolean json,
                            boolean noColor, boolean stacktrace, boolean yes, Duration timeout, List<String> command,
                            boolean help, boolean version, String sandboxKafka, boolean sandboxZooKeeperMode) {

    /** Options without the sandbox's release choice (kshell's own Kafka, KRaft). */
    public LaunchOptions(ConnectionRequest connection, boolean sandbox, String sandboxDir, boolean json,
                         boolean noColor, boolean stacktrace, boolean yes, Duration timeout, List<String> command,
                         boolean help, boolean version) {
        this(connection, sandbox, sandboxDir, json, noColor, stacktrace, yes, timeout, command, help, version, null,
                false);
    }

    private static final OptionSpec TIMEOUT = OptionSpec.of("timeout", ArgKind.DURATION,
            "deadline of every cluster call (default 10s)");

    /** The launcher's own options; the connection ones are {@code connect}'s too. */
    public static final List<OptionSpec> OPTIONS = options();

    /**
     * The launcher as the completion scripts see it: the connection options and the deadline are handed on to the
     * hidden {@code __complete} command, so that live names come from the cluster named on the line.
     */
    public static final CompletionScripts.Launcher COMPLETION = new CompletionScripts.Launcher(OPTIONS,
            java.util.stream.Stream.concat(ConnectionOptions.ALL.stream(), java.util.stream.Stream.of(TIMEOUT)).toList());

    /** The launcher as the grammar sees it: its options, then a command line that ends them. */
    public static final CommandSyntax SYNTAX = new CommandSyntax(List.of("kshell"), "kshell [OPTIONS] [COMMAND [ARGS...]]",
            OPTIONS, List.of(Positional.of("command", ArgKind.COMMAND_LINE, "a one-shot command").optional()), true, false);

    private static List<OptionSpec> options() {
        List<OptionSpec> all = new ArrayList<>(ConnectionOptions.ALL);
        all.addAll(List.of(
                OptionSpec.of("sandbox", ArgKind.FLAG, "start an embedded 3-controller + 3-broker KRaft cluster and connect"),
                OptionSpec.of("sandbox-dir", ArgKind.DIRECTORY, "keep the sandbox's data in DIR"),
                OptionSpec.choice("kafka", "the sandbox's Kafka release (3.9 is resolved by Maven)", "4.4", "3.9"),
                OptionSpec.of("zookeeper-mode", ArgKind.FLAG, "a ZooKeeper-mode sandbox (Kafka 3.9: ZooKeeper 1, brokers 4-6)"),
                OptionSpec.choice("output", "output format", "table", "json").withShortName('o'),
                OptionSpec.of("no-color", ArgKind.FLAG, "no colours"),
                TIMEOUT,
                OptionSpec.of("yes", ArgKind.FLAG, "answer yes to y/N confirmations (never to unclean elections)")
                        .withShortName('y'),
                OptionSpec.of("stacktrace", ArgKind.FLAG, "print stack traces of unexpected failures"),
                OptionSpec.of("help", ArgKind.FLAG, "this text").withShortName('h'),
                OptionSpec.of("version", ArgKind.FLAG, "kshell's version")));
        return List.copyOf(all);
    }

    public static final String USAGE = """
            Usage: kshell [OPTIONS] [COMMAND [ARGS...]]

            With no COMMAND, opens the interactive shell; with one, runs it, prints, and exits with its code.

            Options:
              --bootstrap-server HOST:PORT,...      brokers to connect to
              --bootstrap-controller HOST:PORT,...  controllers to connect to (quorum visible with every broker down)
              --command-config FILE                 Kafka client properties (TLS, SASL ...)
              --zookeeper HOST:PORT[/chroot]        ZooKeeper-mode clusters: read the controller, its epoch and the
                                                    ensemble's health from ZooKeeper (read-only)
              --profile NAME                        a profile from ~/.kshell/profiles.yaml
              --sandbox                             start an embedded 3-controller + 3-broker KRaft cluster and connect
              --sandbox-dir DIR                     keep the sandbox's data in DIR (default: a temp dir, removed on exit)
              --kafka 4.4|3.9                       the sandbox's Kafka release (default 4.4; 3.9 is resolved by Maven)
              --zookeeper-mode                      a ZooKeeper-mode sandbox (Kafka 3.9: ZooKeeper 1, brokers 4-6)
              --output table|json                   output format
              --no-color                            no colours (also when NO_COLOR is set or output is not a terminal)
              --timeout DURATION                    deadline of every cluster call (default 10s)
              --yes                                 answer yes to y/N confirmations (never to unclean elections)
              --stacktrace                          print stack traces of unexpected failures
              --help, --version

            Exit codes: 0 ok/healthy, 1 findings, 2 usage or input error, 3 refused by a guard,
                        4 cluster unreachable or deadline passed, 5 action failed, 70 internal error.
            """;

    public static LaunchOptions parse(String[] args) {
        CommandGrammar.Walk walk = CommandGrammar.walk(SYNTAX, OPTIONS, List.of(args));
        if (walk.problem() != null) {
            throw new UsageException("unknown option " + walk.problem() + "; see kshell --help");
        }
        if (walk.awaitingValue() != null) {
            throw new UsageException("--" + walk.awaitingValue().name() + " needs a value");
        }
        Map<String, List<String>> given = walk.options();
        String format = last(given, "output");
        if (format != null) {
            try {
                CommandGrammar.checkChoice("--output", List.of("table", "json"), format);
            } catch (GrammarException e) {
                throw new UsageException(e.getMessage());
            }
        }
        String timeoutText = last(given, "timeout");
        Duration timeout = timeoutText == null ? null : DurationOptions.parse("--timeout", timeoutText);
        ConnectionRequest request = new ConnectionRequest(last(given, "bootstrap-server"), last(given, "bootstrap-controller"),
                last(given, "command-config"), last(given, "profile"), timeout, last(given, "zookeeper"));
        boolean sandbox = flag(given, "sandbox");
        String sandboxKafka = last(given, "kafka");
        boolean zooKeeperMode = flag(given, "zookeeper-mode");
        if ((sandboxKafka != null || zooKeeperMode) && !sandbox) {
            throw new UsageException("--kafka and --zookeeper-mode choose the sandbox's cluster: add --sandbox");
        }
        if (sandboxKafka != null) {
            try {
                CommandGrammar.checkChoice("--kafka", List.of("4.4", "3.9"), sandboxKafka);
            } catch (GrammarException e) {
                throw new UsageException(e.getMessage());
            }
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
        return new LaunchOptions(request, sandbox, last(given, "sandbox-dir"), "json".equals(format), flag(given, "no-color"),
                flag(given, "stacktrace"), flag(given, "yes"), timeout, List.copyOf(walk.arguments()), flag(given, "help"),
                flag(given, "version"), sandboxKafka, zooKeeperMode);
    }

    private static String last(Map<String, List<String>> given, String name) {
        List<String> values = given.get(name);
        return values == null ? null : values.get(values.size() - 1);
    }

    private static boolean flag(Map<String, List<String>> given, String name) {
        return Boolean.parseBoolean(last(given, name));
    }

    public boolean oneShot() {
        return !command.isEmpty();
    }
}
