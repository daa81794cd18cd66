package dev.kshell.cli;

import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.OptionSpec;

import java.util.List;

/** The connection options, declared once: the launcher and {@code connect} both take them. */
public final class ConnectionOptions {

    public static final OptionSpec BOOTSTRAP_SERVER = OptionSpec.of("bootstrap-server", ArgKind.TEXT,
            "broker endpoints, as Kafka's tools take them");
    public static final OptionSpec BOOTSTRAP_CONTROLLER = OptionSpec.of("bootstrap-controller", ArgKind.TEXT,
            "controller endpoints: the quorum stays visible when every broker is down");
    public static final OptionSpec COMMAND_CONFIG = OptionSpec.of("command-config", ArgKind.PROPERTIES_FILE,
            "Kafka client properties file (TLS, SASL ...)");
    public static final OptionSpec PROFILE = OptionSpec.of("profile", ArgKind.PROFILE,
            "a profile from ~/.kshell/profiles.yaml");

    /** ZooKeeper-mode clusters: the ensemble to read (read-only) the controller, its epoch and its health from. */
    public static final OptionSpec ZOOKEEPER = OptionSpec.of("zookeeper", ArgKind.TEXT,
            "ZooKeeper-mode clusters: HOST:PORT[/chroot] to read the controller, its epoch and the ensemble's health");

    public static final List<OptionSpec> ALL = List.of(BOOTSTRAP_SERVER, BOOTSTRAP_CONTROLLER, COMMAND_CONFIG, PROFILE,
            ZOOKEEPER);

    private ConnectionOptions() {
    }
}
