package dev.kshell.cli.commands;

import dev.kshell.cli.DurationOptions;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.grammar.ArgKind;
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
        java.util.List<dev.kshell.grammar.OptionSpec> all = new java.util.ArrayList<>(dev.kshell.cli.ConnectionOptions.ALL);
        all.add(flag("unpin", "lift the cluster-id pin an earlier connection of this session set (else mutations "
                + "on an unpinned cluster with another id stay refused)"));
        options(all.toArray(dev.kshell.grammar.OptionSpec[]::new));
        arguments(argument("profile", ArgKind.PROFILE, "a profile from ~/.kshell/profiles.yaml").optional());
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
        boolean unpin = inv.flag("unpin");
        if (unpin && inv.run().inRunbook()) {
            // a runbook must not change which cluster it may act on behind its starter's back
            throw new dev.kshell.election.ElectionRefusedException("connect --unpin is refused in a runbook: lift "
                    + "the pin at the prompt, where the operator sees it");
        }
        ClusterTarget target = resolved.target();
        String[] answered = new String[1];
        boolean hadConnection = session.connection().isPresent();
        String previous = session.connection().map(c -> c.label() + " (" + c.gateway().target().endpoints() + ")")
                .orElse(null);
        try {
            // A connection that works is kept until the new one answers: in an incident a wrong endpoint must not
            // cost the operator the cluster view they had.
            session.connectIfAnswering(target, resolved.label(), resolved.expectedClusterId(), unpin,
                    g -> answered[0] = g.clusterId());
            String clusterId = answered[0];
            inv.emit(new Connected(resolved.label(), target.endpoints(), clusterId, true),
                    () -> "connected to cluster " + clusterId + " via " + target.endpoints()
                            + (target.viaControllers() ? " (controllers)" : "") + "\n");
            String inherited = session.connection().map(ShellSession.Connection::inheritedPin).orElse(null);
            if (inherited != null && !inherited.equals(clusterId)) {
                inv.note("warning: this session is pinned to cluster id " + inherited + " and " + target.endpoints()
                        + " is " + clusterId + ": every mutation will be refused (connect with a profile that pins it, "
                        + "or add --unpin)");
            }
            if (resolved.expectedClusterId() != null && !resolved.expectedClusterId().equals(clusterId)) {
                inv.note("warning: profile expects cluster id " + resolved.expectedClusterId() + " but this is "
                        + clusterId + ": every mutation will be refused");
            }
            return ExitCode.OK;
        } catch (ClusterException e) {
            if (hadConnection) {
                inv.note("still connected to " + previous + ": " + target.endpoints() + " did not answer");
            } else {
                // Stay connected: in an incident the operator may retry, or use commands that still work.
                inv.note("connection set to " + target.endpoints() + ", but it did not answer yet");
            }
            throw e;
        }
    }

    public record Connected(String label, String endpoints, String clusterId, boolean verified) {
    }
}
