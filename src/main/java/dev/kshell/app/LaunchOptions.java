package dev.kshell.app;

import dev.kshell.cli.DurationOptions;
import dev.kshell.cli.UsageException;
import dev.kshell.session.ConnectionRequest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's options: the leading {@code --options}, then the words of a one-shot command (if any). Parsed
 * before Spring starts, so a typo costs no start-up time.
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
              --kafka 3.9|4.4                       the sandbox's Kafka release (default 4.4; 3.9 is resolved by Maven)
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
        String servers = null;
        String controllers = null;
        String commandConfig = null;
        String profile = null;
        String sandboxDir = null;
        String zooKeeper = null;
        String sandboxKafka = null;
        boolean sandboxZooKeeperMode = false;
        boolean sandbox = false;
        boolean json = false;
        boolean noColor = false;
        boolean stacktrace = false;
        boolean yes = false;
        boolean help = false;
        boolean version = false;
        Duration timeout = null;
        int i = 0;
        for (; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("-")) {
                break;
            }
            String name = arg;
            String inline = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                inline = arg.substring(eq + 1);
            }
            switch (name) {
                case "--bootstrap-server" -> servers = value(args, i, name, inline);
                case "--bootstrap-controller" -> controllers = value(args, i, name, inline);
                case "--command-config" -> commandConfig = value(args, i, name, inline);
                case "--profile" -> profile = value(args, i, name, inline);
                case "--sandbox-dir" -> sandboxDir = value(args, i, name, inline);
                case "--zookeeper" -> zooKeeper = value(args, i, name, inline);
                case "--kafka" -> sandboxKafka = value(args, i, name, inline);
                case "--zookeeper-mode" -> sandboxZooKeeperMode = true;
                case "--output", "-o" -> {
                    String format = value(args, i, name, inline);
                    if (!format.equals("json") && !format.equals("table")) {
                        throw new UsageException("--output takes table or json, not '" + format + "'");
                    }
                    json = format.equals("json");
                }
                case "--timeout" -> timeout = DurationOptions.parse("--timeout", value(args, i, name, inline));
                case "--sandbox" -> sandbox = true;
                case "--no-color" -> noColor = true;
                case "--stacktrace" -> stacktrace = true;
                case "--yes", "-y" -> yes = true;
                case "--help", "-h" -> help = true;
                case "--version" -> version = true;
                default -> throw new UsageException("unknown option " + arg + "; see kshell --help");
            }
            if (inline == null && takesValue(name)) {
                i++;
            }
        }
        List<String> command = new ArrayList<>(List.of(args).subList(i, args.length));
        ConnectionRequest request = new ConnectionRequest(servers, controllers, commandConfig, profile, timeout,
                zooKeeper);
        if ((sandboxKafka != null || sandboxZooKeeperMode) && !sandbox) {
            throw new UsageException("--kafka and --zookeeper-mode choose the sandbox's cluster: add --sandbox");
        }
        if (sandboxZooKeeperMode && sandboxKafka != null && sandboxKafka.startsWith("4")) {
            throw new UsageException("Kafka " + sandboxKafka + " has no ZooKeeper mode (removed in 4.0): use --kafka 3.9");
        }
        if (sandboxZooKeeperMode && sandboxKafka == null) {
            sandboxKafka = "3.9"; // ZooKeeper mode needs a 3.x release
        }
        if (sandbox && !request.isEmpty()) {
            throw new UsageException("--sandbox starts its own cluster: leave out --bootstrap-server/--bootstrap-controller/--profile");
        }
        return new LaunchOptions(request, sandbox, sandboxDir, json, noColor, stacktrace, yes, timeout, command, help,
                version, sandboxKafka, sandboxZooKeeperMode);
    }

    private static boolean takesValue(String name) {
        return switch (name) {
            case "--bootstrap-server", "--bootstrap-controller", "--command-config", "--profile", "--sandbox-dir",
                 "--output", "-o", "--timeout", "--zookeeper", "--kafka" -> true;
            default -> false;
        };
    }

    private static String value(String[] args, int i, String name, String inline) {
        if (inline != null) {
            return inline;
        }
        if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
            throw new UsageException(name + " needs a value");
        }
        return args[i + 1];
    }

    public boolean oneShot() {
        return !command.isEmpty();
    }
}
