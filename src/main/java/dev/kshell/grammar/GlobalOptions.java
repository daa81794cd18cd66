package dev.kshell.grammar;

import java.time.Duration;
import java.util.List;

/**
 * The options declared once for the whole tool: those every command takes ({@link #COMMON}), the connection options
 * the launcher and {@code connect} share ({@link #CONNECTION}), and the launcher's own declaration ({@link
 * #LAUNCHER}), which its parser, its {@code --help}, the completion scripts and the man page read.
 */
public final class GlobalOptions {

    private GlobalOptions() {
    }

    // ---- every command (and the launcher) ----------------------------------------------------------------------

    public static final Opt<String> OUTPUT = Opt.choice("output", "output format: table (default) or json", "table", "json")
            .shortName('o');
    public static final Opt<Boolean> NO_COLOR = Opt.flag("no-color",
            "no colours (also when NO_COLOR is set or output is not a terminal)");
    public static final Opt<Duration> TIMEOUT = Opt.duration("timeout", "deadline of every cluster call (default 10s)");
    public static final Opt<Boolean> STACKTRACE = Opt.flag("stacktrace", "print the stack trace of an unexpected failure");
    public static final Opt<Boolean> HELP = Opt.flag("help", "show this help").shortName('h');

    /** Options every command accepts, after its own. */
    public static final List<OptionSpec> COMMON = List.of(OUTPUT.spec(), NO_COLOR.spec(), TIMEOUT.spec(),
            STACKTRACE.spec(), HELP.spec());

    // ---- commands that change the cluster (and `run`, for the mutations of its steps) -----------------------------

    /** Print the plan (or, for `run`, run read-only steps and only plan the mutations) and stop: nothing changes. */
    public static final Opt<Boolean> DRY_RUN = Opt.flag("dry-run", "print the plan and stop: nothing changes");
    /**
     * Answer yes to y/N confirmations; never enough on its own for what loses data (an unclean election, an empty
     * replica for a partition with no live copy: those need a person typing the phrase, or a runbook with `allow
     * unclean` run with --yes).
     */
    public static final Opt<Boolean> YES = Opt.flag("yes",
            "answer yes to y/N confirmations (never enough on its own where data is lost)").shortName('y');

    // ---- the connection: the launcher and `connect` ------------------------------------------------------------

    public static final Opt<String> BOOTSTRAP_SERVER = Opt.text("bootstrap-server",
            "brokers to connect to, as Kafka's tools take them").hint("HOST:PORT,...");
    public static final Opt<String> BOOTSTRAP_CONTROLLER = Opt.text("bootstrap-controller",
            "controllers to connect to (the quorum stays visible with every broker down)").hint("HOST:PORT,...");
    public static final Opt<String> COMMAND_CONFIG = Opt.text("command-config", ArgKind.PROPERTIES_FILE,
            "Kafka client properties (TLS, SASL ...)");
    public static final Opt<String> PROFILE = Opt.text("profile", ArgKind.PROFILE, "a profile from ~/.kshell/profiles.yaml");
    /** ZooKeeper-mode clusters: the ensemble to read (read-only) the controller, its epoch and its health from. */
    public static final Opt<String> ZOOKEEPER = Opt.text("zookeeper", "ZooKeeper-mode clusters: read the controller, "
            + "its epoch and the ensemble's health from ZooKeeper (read-only)").hint("HOST:PORT[/chroot]");

    public static final List<OptionSpec> CONNECTION = List.of(BOOTSTRAP_SERVER.spec(), BOOTSTRAP_CONTROLLER.spec(),
            COMMAND_CONFIG.spec(), ZOOKEEPER.spec(), PROFILE.spec());

    // ---- the launcher only ---------------------------------------------------------------------------------------

    public static final Opt<Boolean> SANDBOX = Opt.flag("sandbox",
            "start an embedded 3-controller + 3-broker KRaft cluster and connect");
    public static final Opt<String> SANDBOX_DIR = Opt.text("sandbox-dir", ArgKind.DIRECTORY,
            "keep the sandbox's data in DIR (default: a temp dir, removed on exit)");
    public static final Opt<String> KAFKA = Opt.choice("kafka",
            "the sandbox's Kafka release (default 4.4; 3.9 is resolved by Maven)", "4.4", "3.9");
    public static final Opt<Boolean> ZOOKEEPER_MODE = Opt.flag("zookeeper-mode",
            "a ZooKeeper-mode sandbox (Kafka 3.9: ZooKeeper 1, brokers 4-6)");
    public static final Opt<Boolean> STATIC_QUORUM = Opt.flag("static-quorum",
            "a sandbox whose controllers form a static quorum (controller.quorum.voters) instead of a dynamic one");
    public static final Opt<Boolean> VERSION = Opt.flag("version", "kshell's version");
    public static final Arg<List<String>> COMMAND = Arg.rest("command", ArgKind.COMMAND_LINE,
            "a one-shot command: run it, print, exit with its code").optional();

    /** The launcher as the grammar sees it: its options, then a command line that ends them. */
    public static final CommandSpec LAUNCHER = CommandSpec.named("kshell")
            .description("an interactive admin shell for Apache Kafka")
            .options(CONNECTION)
            .options(SANDBOX, SANDBOX_DIR, KAFKA, ZOOKEEPER_MODE, STATIC_QUORUM, OUTPUT, NO_COLOR, TIMEOUT, YES, STACKTRACE, HELP, VERSION)
            .arguments(COMMAND)
            .examples("kshell --sandbox", "kshell --bootstrap-server localhost:9092",
                    "kshell --profile prod-eu triage", "kshell --profile prod-eu run fix.ksh");
}
