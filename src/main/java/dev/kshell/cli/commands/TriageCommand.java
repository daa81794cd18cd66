package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.cluster.NodeProbe;
import dev.kshell.diagnosis.BrokerHealth;
import dev.kshell.diagnosis.CoordinatorHealth;
import dev.kshell.diagnosis.CoordinatorReport;
import dev.kshell.diagnosis.PartitionHealth;
import dev.kshell.diagnosis.Triage;
import dev.kshell.diagnosis.TriageInput;
import dev.kshell.diagnosis.TriageReport;
import dev.kshell.diagnosis.VoterReachability;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ConfigValue;
import dev.kshell.model.CoordinatorClients;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionState;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.TopicState;
import dev.kshell.render.DiagnosisTables;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * {@code triage}: the incident checklist (docs/commands.md, triage) in one command: a verdict line, each step's finding
 * and the next command. Exit 0 when HEALTHY, 1 otherwise (config risks too with {@code --strict}), so cron and
 * runbooks can branch on it.
 *
 * <p>Besides the snapshot it asks every registered broker and every known controller on its own endpoint (in
 * parallel, {@link NodeProbe#DEFAULT_DEADLINE}): a broker killed a second ago is still registered and unfenced,
 * and a lost quorum cannot be read at all, but neither answers. The session's previous snapshot lets step 1 see
 * whether the quorum epoch is climbing.
 */
@Component
public class TriageCommand extends KshellCommand {

    private static final String SESSION_TIMEOUT = "broker.session.timeout.ms";
    private static final Duration SIDE_DEADLINE = Duration.ofSeconds(3);

    static final Opt<Boolean> STRICT = Opt.flag("strict",
            "exit 1 on config risks too (by default they are listed and counted, exit 0)");

    private final ShellSession session;
    private final Prober prober;

    /** Asks nodes on their own endpoints; null when the connection cannot be probed (SSL listeners). */
    @FunctionalInterface
    public interface Prober {
        List<ProbeResult> probe(ClusterTarget connection, List<NodeProbe.Target> targets);

        /** The real one: {@link NodeProbe} with the default deadline. */
        Prober REAL = (connection, targets) -> {
            NodeProbe probe = NodeProbe.of(connection);
            return probe.supported() ? probe.probe(targets) : null;
        };
    }

    @org.springframework.beans.factory.annotation.Autowired
    public TriageCommand(ShellSession session) {
        this(session, Prober.REAL);
    }

    /** With another prober (tests on snapshot fixtures, whose brokers have no endpoint to ask). */
    public TriageCommand(ShellSession session, Prober prober) {
        super(CommandSpec.named("triage").group(Group.DIAGNOSIS)
                .description("The incident checklist: quorum, brokers, leaderless partitions and their recovery, min "
                        + "ISR, config risks; one verdict and the next command")
                .options(STRICT).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("triage", "triage --output json",
                        "kshell --profile prod triage || page-oncall   # exit 1 unless HEALTHY",
                        "triage --strict   # also exit 1 on config risks (min.isr = RF, unclean enabled...)"));
        this.session = session;
        this.prober = prober;
    }

    @Override
    public ExitCode run(Invocation inv) {
        ClusterSnapshot previous = session.lastSnapshot().orElse(null);
        ClusterGateway gateway = session.requireGateway();
        ClusterSnapshot now = gateway.snapshot(null, true);
        session.remember(now);
        // explicit: this read joins the quorum history, and step 1 judges stability from it (earlier runs included)
        TriageInput input = gather(gateway, now, previous).withStrict(inv.get(STRICT))
                .withSandboxSession(session.connectedToSandbox())
                .withQuorumStability(QuorumRecording.recordAndJudge(session, inv, now, previous));
        TriageReport report = Triage.run(input);
        session.rememberVerdict(now, report.verdict()); // the prompt's mark says what this verdict says
        inv.emit(report, () -> DiagnosisTables.triage(report, inv.output().width(), inv.output().color()));
        return report.exitCode();
    }

    /** Probes and coordinator impact, read at the same time, each within its own short deadline. */
    public TriageInput gather(ClusterGateway gateway, ClusterSnapshot now, ClusterSnapshot previous) {
        ClusterTarget target = gateway.target();
        CompletableFuture<List<ProbeResult>> brokers = CompletableFuture.supplyAsync(
                () -> prober.probe(target, brokerTargets(now)));
        CompletableFuture<List<ProbeResult>> voters = CompletableFuture.supplyAsync(
                () -> prober.probe(target, voterTargets(gateway, now, target)));
        CompletableFuture<CoordinatorReport> coordinators = CompletableFuture.supplyAsync(
                () -> coordinatorImpact(gateway, now));
        List<ProbeResult> brokerProbes = brokers.join();
        Long sessionTimeout = brokerProbes == null || BrokerHealth.silent(now, brokerProbes).isEmpty() ? null
                : sessionTimeoutMs(gateway, brokerProbes);
        return TriageInput.of(now, previous)
                .withBrokerProbes(brokerProbes, sessionTimeout)
                .withVoterProbes(voters.join())
                .withCoordinators(coordinators.join());
    }

    private static List<NodeProbe.Target> brokerTargets(ClusterSnapshot now) {
        List<NodeProbe.Target> out = new ArrayList<>();
        for (BrokerState b : now.brokers()) {
            if (b.live()) {
                out.add(new NodeProbe.Target(b.id(), "broker", b.endpoint()));
            }
        }
        return out;
    }

    /**
     * Controllers to ask, by endpoint: the quorum as read now, else as last seen in this session (or the sandbox's
     * own), plus the connection's bootstrap controllers.
     */
    private List<NodeProbe.Target> voterTargets(ClusterGateway gateway, ClusterSnapshot now, ClusterTarget target) {
        Map<String, NodeProbe.Target> byEndpoint = new LinkedHashMap<>();
        Map<Integer, String> known = now.quorum() != null && !now.quorum().voterEndpoints().isEmpty()
                ? now.quorum().voterEndpoints() : session.knownVoterEndpoints();
        if (known.isEmpty() && now.quorum() == null && !target.viaControllers()) {
            known = configuredVoters(gateway, now); // a fresh process (cron, ssh) that never saw the quorum
        }
        new java.util.TreeMap<>(known).forEach((id, endpoint) ->
                byEndpoint.put(endpoint, new NodeProbe.Target(id < 0 ? null : id, "controller", endpoint)));
        if (target.viaControllers()) {
            for (String endpoint : target.bootstrapControllers().split(",")) {
                String e = endpoint.trim();
                if (!e.isEmpty()) {
                    byEndpoint.putIfAbsent(e, new NodeProbe.Target(null, "controller", e));
                }
            }
        }
        return List.copyOf(byEndpoint.values());
    }

    /** The controllers a live broker is configured with; empty when no broker answers within the side deadline. */
    private static Map<Integer, String> configuredVoters(ClusterGateway gateway, ClusterSnapshot now) {
        for (BrokerState b : now.brokers()) {
            if (!b.live()) {
                continue;
            }
            try {
                Map<String, ConfigValue> values = gateway.withTimeout(SIDE_DEADLINE)
                        .brokerConfigs(List.of(b.id()), VoterReachability.VOTER_SETTINGS).brokers().get(b.id());
                if (values != null) {
                    ConfigValue voters = values.get(VoterReachability.VOTER_SETTINGS.get(0));
                    ConfigValue bootstrap = values.get(VoterReachability.VOTER_SETTINGS.get(1));
                    return VoterReachability.configuredVoters(voters == null ? null : voters.value(),
                            bootstrap == null ? null : bootstrap.value());
                }
            } catch (RuntimeException e) {
                // this broker did not say (no rights to describe configs, gone): the next one may
            }
            return Map.of(); // one broker's side deadline is all step 1 spends on this
        }
        return Map.of();
    }

    /** broker.session.timeout.ms as an answering broker reports it (the controllers read the same key). */
    private static Long sessionTimeoutMs(ClusterGateway gateway, List<ProbeResult> probes) {
        for (ProbeResult p : probes) {
            if (p.answered() && p.nodeId() != null) {
                try {
                    Map<String, ConfigValue> values = gateway.withTimeout(SIDE_DEADLINE)
                            .brokerConfigs(List.of(p.nodeId()), Set.of(SESSION_TIMEOUT)).brokers().get(p.nodeId());
                    ConfigValue v = values == null ? null : values.get(SESSION_TIMEOUT);
                    return v == null || v.value() == null ? null : Long.parseLong(v.value());
                } catch (RuntimeException e) {
                    return null; // unknown: the finding says "once broker.session.timeout.ms passes"
                }
            }
        }
        return null;
    }

    /** Who is stuck behind a sick coordinator partition; null when none is sick or nothing can be listed. */
    private static CoordinatorReport coordinatorImpact(ClusterGateway gateway, ClusterSnapshot now) {
        if (!coordinatorTopicSick(now)) {
            return null;
        }
        CoordinatorClients clients;
        try {
            clients = gateway.withTimeout(SIDE_DEADLINE).coordinatorClients();
        } catch (ClusterException | UnsupportedOperationException e) {
            return null;
        }
        return CoordinatorHealth.check(now, clients.groups(), clients.transactions());
    }

    private static boolean coordinatorTopicSick(ClusterSnapshot now) {
        Set<Integer> live = now.liveBrokerIds();
        for (TopicState t : now.topics()) {
            if (!t.name().equals(CoordinatorHealth.GROUP_TOPIC) && !t.name().equals(CoordinatorHealth.TRANSACTION_TOPIC)) {
                continue;
            }
            Integer minIsr = t.config() == null ? null : t.config().minIsr();
            for (PartitionState p : t.partitions()) {
                if (PartitionHealth.isLeaderless(p, live) || Boolean.TRUE.equals(PartitionHealth.isUnderMinIsr(p, minIsr))) {
                    return true;
                }
            }
        }
        return false;
    }
}
