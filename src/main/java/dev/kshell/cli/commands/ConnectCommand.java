package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ConnectionRequest;
import dev.kshell.connection.ShellSession;
import dev.kshell.rules.election.ElectionRefusedException;

/** {@code connect}: open the session's one cluster connection and check that it answers. */
public class ConnectCommand extends KshellCommand {

    static final Opt<Boolean> UNPIN = Opt.flag("unpin", "lift the cluster-id pin an earlier connection of this session "
            + "set (else mutations on an unpinned cluster with another id stay refused)");
    static final Arg<String> PROFILE_NAME = Arg.of("profile", ArgKind.PROFILE, "a profile from ~/.kshell/profiles.yaml")
            .optional();

    private final ShellSession session;
    private final ConnectionRequest.Resolver resolver;

    public ConnectCommand(ShellSession session, ConnectionRequest.Resolver resolver) {
        super(CommandSpec.named("connect").group(Group.SESSION)
                .description("Connect to a cluster (brokers, controllers, or a profile)")
                .options(GlobalOptions.CONNECTION).options(UNPIN).arguments(PROFILE_NAME)
                .atMostOneOf(GlobalOptions.PROFILE, PROFILE_NAME).traits(Trait.SHELL_ONLY)
                .examples("connect --bootstrap-server localhost:9092",
                        "connect --bootstrap-controller localhost:9093 --command-config admin.properties",
                        "connect prod-eu"));
        this.session = session;
        this.resolver = resolver;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        String profile = inv.get(GlobalOptions.PROFILE) != null ? inv.get(GlobalOptions.PROFILE) : inv.get(PROFILE_NAME);
        ConnectionRequest request = new ConnectionRequest(inv.get(GlobalOptions.BOOTSTRAP_SERVER),
                inv.get(GlobalOptions.BOOTSTRAP_CONTROLLER), inv.get(GlobalOptions.COMMAND_CONFIG), profile,
                inv.get(GlobalOptions.TIMEOUT), inv.get(GlobalOptions.ZOOKEEPER));
        ConnectionRequest.Resolved resolved = resolver.resolve(request, session.defaultTimeout());
        resolved.warnings().forEach(inv::note); // a secret in a file others may read: say so, connect anyway
        boolean unpin = inv.get(UNPIN);
        if (unpin && inv.mode().inRunbook()) {
            // a runbook must not change which cluster it may act on behind its starter's back
            throw new ElectionRefusedException("connect --unpin is refused in a runbook: lift "
                    + "the pin at the prompt, where the operator sees it");
        }
        String pin = session.pin();
        if (inv.mode().inRunbook() && pin != null && resolved.expectedClusterId() != null
                && !pin.equals(resolved.expectedClusterId())) {
            // a profile with its own expected-cluster-id replaced the session's pin: a runbook run with --yes against
            // one cluster could then act on another
            throw new ElectionRefusedException("connect " + resolved.label() + " is refused in a "
                    + "runbook: its profile pins cluster id " + resolved.expectedClusterId() + " and this session is "
                    + "pinned to " + pin + "; change clusters at the prompt, where the operator sees it");
        }
        boolean hadConnection = session.connection().isPresent();
        String previous = session.connection().map(c -> c.label() + " (" + c.endpoints() + ")").orElse(null);
        try {
            // A connection that works is kept until the new one answers: in an incident a wrong endpoint must not
            // cost the operator the cluster view they had.
            String clusterId = session.connectChecked(resolved, unpin);
            inv.emit(new Connected(resolved.label(), resolved.endpoints(), clusterId, true),
                    () -> "connected to cluster " + clusterId + " via " + resolved.endpoints()
                            + (resolved.viaControllers() ? " (controllers)" : "") + "\n");
            String inherited = session.connection().map(ShellSession.Connection::inheritedPin).orElse(null);
            if (inherited != null && !inherited.equals(clusterId)) {
                inv.note("warning: this session is pinned to cluster id " + inherited + " and " + resolved.endpoints()
                        + " is " + clusterId + ": every mutation will be refused (connect with a profile that pins it, "
                        + "or add --unpin)");
            }
            if (resolved.expectedClusterId() != null && !resolved.expectedClusterId().equals(clusterId)) {
                inv.note("warning: profile expects cluster id " + resolved.expectedClusterId() + " but this is "
                        + clusterId + ": every mutation will be refused");
            }
            return ExitCode.OK;
        } catch (RuntimeException e) {
            if (hadConnection) {
                inv.note("still connected to " + previous + ": " + resolved.endpoints() + " did not answer");
            } else {
                // Stay connected: in an incident the operator may retry, or use commands that still work.
                inv.note("connection set to " + resolved.endpoints() + ", but it did not answer yet");
            }
            throw e;
        }
    }

    public record Connected(String label, String endpoints, String clusterId, boolean verified) {
    }
}
