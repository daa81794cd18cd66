package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.model.QuorumObservation;
import dev.kshell.sandbox.Sandbox;
import dev.kshell.connection.ShellSession;
import dev.kshell.util.Durations;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import dev.kshell.sandbox.NodeInfo;

/**
 * {@code sandbox pause NODE --for DURATION}: SIGSTOP, then SIGCONT. A paused active controller loses its leadership
 * (the quorum elects another); a broker paused beyond {@code broker.session.timeout.ms} gets fenced. The quorum reads
 * taken meanwhile go into the session's quorum history, explicitly, so that {@code quorum --history} and
 * {@code triage} see the leader changes it caused.
 */
public class SandboxPauseCommand extends KshellCommand {

    static final Duration DEFAULT_PAUSE = Duration.ofSeconds(6);

    static final Opt<Duration> FOR = Opt.duration("for", "how long to pause, e.g. 6s (default 6s, at most 10m)")
            .orElse(DEFAULT_PAUSE);
    static final Arg<Integer> NODE = Arg.nodeId("node", ArgKind.LIVE_NODE_ID, "the node to pause (a controller or a broker)");

    private final Sandbox sandbox;
    private final ShellSession session;
    public SandboxPauseCommand(Sandbox sandbox, ShellSession session) {
        super(CommandSpec.named("sandbox pause").group(Group.SANDBOX)
                .description("Pause a node (SIGSTOP, then SIGCONT) as a long GC pause would")
                .options(FOR).arguments(NODE).traits(Trait.MUTATING)
                .examples("sandbox pause 1 --for 6s   # the active controller: the quorum elects another",
                        "sandbox pause 5 --for 15s  # a broker beyond broker.session.timeout.ms: fenced"));
        this.sandbox = sandbox;
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        int id = inv.get(NODE);
        Duration duration = inv.get(FOR);
        if (SandboxViews.dryRun(inv, sandbox, "sandbox pause",
                new Sandbox.PauseRun(id, "node", 0, null, null, null, null, List.of()),
                "dry run: would pause node " + id + " for " + Durations.format(duration) + "\n")) {
            return ExitCode.OK;
        }
        SandboxViews.checked(inv, sandbox, "sandbox pause", sandbox::cluster); // "no sandbox" before any progress line
        inv.note("pausing node " + id + " for " + Durations.format(duration) + " (SIGSTOP)...");
        Sandbox.PauseRun run = SandboxViews.injecting(inv, sandbox, "sandbox pause",
                () -> sandbox.pause(id, duration, line -> inv.note("  " + line)));
        remember(run.quorumReads());
        boolean zooKeeperMode = sandbox.nodes().stream().anyMatch(n -> n.role() == NodeInfo.Role.ZOOKEEPER);
        inv.emit(run, () -> render(run, zooKeeperMode));
        return ExitCode.OK;
    }

    /** The sandbox's quorum reads join the quorum history of the sandbox cluster: kshell did see them. */
    private void remember(List<QuorumObservation> reads) {
        String clusterId = sandbox.cluster().clusterId();
        for (QuorumObservation read : reads) {
            session.quorumMemory().record(clusterId, read);
        }
    }

    static String render(Sandbox.PauseRun r) {
        return render(r, false);
    }

    /** @param zooKeeperMode a ZooKeeper-mode broker is not fenced: it drops out of {@code /brokers/ids} */
    static String render(Sandbox.PauseRun r, boolean zooKeeperMode) {
        String quorum;
        if (r.leaderBefore() == null || r.leaderAfter() == null) {
            quorum = "quorum leader " + (r.leaderBefore() == null ? "unknown" : r.leaderBefore()) + " before, "
                    + (r.leaderAfter() == null ? "unknown (not answering yet)" : r.leaderAfter()) + " after";
        } else if (r.leaderBefore().equals(r.leaderAfter()) && r.epochBefore().equals(r.epochAfter())) {
            quorum = "quorum leader unchanged: " + r.leaderAfter() + " (epoch " + r.epochAfter() + ")";
        } else {
            quorum = "quorum leader " + r.leaderBefore() + " -> " + r.leaderAfter() + (r.epochBefore() < 0
                    || r.epochAfter() < 0 ? "" : " (epoch " + r.epochBefore() + " -> " + r.epochAfter() + ")");
        }
        String fencing = "";
        if ("broker".equals(r.role())) {
            fencing = r.fencedAfterMs() == null ? "; not fenced meanwhile"
                    : String.format(Locale.ROOT, "; %s after %.1f s, %s", zooKeeperMode
                            ? "out of /brokers/ids" : "fenced", r.fencedAfterMs() / 1000.0,
                    r.unfencedAfterMs() == null ? "not serving again yet (see: brokers)"
                            : String.format(Locale.ROOT, "serving again %.1f s after SIGCONT", r.unfencedAfterMs() / 1000.0));
        }
        return String.format(Locale.ROOT, "%s %d paused for %.1f s (SIGSTOP, then SIGCONT)%s; %s%n", r.role(), r.id(),
                r.pausedMs() / 1000.0, fencing, quorum);
    }
}
