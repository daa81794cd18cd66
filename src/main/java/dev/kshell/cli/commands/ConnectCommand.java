package dev.kshell.cli.commands;

import dev.kshell.cli.DurationOptions;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ExitCode;
import dev.kshell.session.ConnectionRequest;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

/** {@code connect}: open the session's one cluster connection and check that it answers. */
@Component
public class ConnectCommand extends KshellCommand {

    private final ShellSession session;
    private final ConnectionRequest.Resolver resolver;

    public ConnectCommand(ShellSession session, ConnectionRequest.Resolver resolver) {
        super("connect", "Session", "Connect to a cluster (brokers, controllers, or a profile)",
                "connect [PROFILE] [--bootstrap-server HOST:PORT,... | --bootstrap-controller HOST:PORT,...] [--command-config FILE]");
        this.session = session;
        this.resolver = resolver;
        options(option("bootstrap-server", "broker endpoints, as Kafka's tools take them"),
                option("bootstrap-controller", "controller endpoints: the quorum stays visible when every broker is down"),
                option("command-config", "Kafka client properties file (TLS, SASL ...)"),
                option("profile", "a profile from ~/.kshell/profiles.yaml"),
                option("zookeeper", "ZooKeeper-mode clusters: HOST:PORT[/chroot] to read the controller and its epoch"));
        examples("connect --bootstrap-server localhost:9092",
                "connect --bootstrap-controller localhost:9093 --command-config admin.properties",
                "connect prod-eu");
    }

    @Override
    public ExitCode run(Invocation inv) {
        String profile = inv.option("profile");
        if (profile == null && inv.arguments().size() == 1) {
            profile = inv.arguments().get(0);
        } else if (!inv.arguments().isEmpty()) {
            throw new UsageException("connect: unexpected argument '" + inv.arguments().get(0) + "'");
        }
        ConnectionRequest request = new ConnectionRequest(inv.option("bootstrap-server"), inv.option("bootstrap-controller"),
                inv.option("command-config"), profile,
                inv.option("timeout") == null ? null : DurationOptions.parse("--timeout", inv.option("timeout")),
                inv.option("zookeeper"));
        ConnectionRequest.Resolved resolved = resolver.resolve(request, session.defaultTimeout());
        ClusterTarget target = resolved.target();
        session.connect(target, resolved.label(), resolved.expectedClusterId());
        try {
            String clusterId = session.requireGateway().clusterId();
            inv.emit(new Connected(resolved.label(), target.endpoints(), clusterId, true),
                    () -> "connected to cluster " + clusterId + " via " + target.endpoints()
                            + (target.viaControllers() ? " (controllers)" : "") + "\n");
            if (resolved.expectedClusterId() != null && !resolved.expectedClusterId().equals(clusterId)) {
                inv.note("warning: profile expects cluster id " + resolved.expectedClusterId() + " but this is "
                        + clusterId + ": every mutation will be refused");
            }
            return ExitCode.OK;
        } catch (ClusterException e) {
            // Stay connected: in an incident the operator may retry, or use commands that still work.
            inv.note("connection set to " + target.endpoints() + ", but it did not answer yet");
            throw e;
        }
    }

    public record Connected(String label, String endpoints, String clusterId, boolean verified) {
    }
}
