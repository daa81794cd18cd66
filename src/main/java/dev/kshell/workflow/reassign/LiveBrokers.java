package dev.kshell.workflow.reassign;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.NodeProbe;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ProbeResult;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The brokers a move may ask: registered, not fenced, and answering on their own endpoint. A killed broker stays
 * registered until its session expires (KRaft: {@code broker.session.timeout.ms}; ZooKeeper mode: the ZooKeeper
 * session, 18 s by default), and every request sent to it meanwhile waits out the whole deadline: on a 3.9
 * ZooKeeper-mode cluster an evacuation spent about 30 of its 33 s on three such waits (log directories, setting and
 * removing a throttle). One short probe of each broker (1.5 s at most, in parallel) keeps them out.
 *
 * @param ids    the live brokers that answered
 * @param silent the registered, unfenced brokers that did not answer (counted as down)
 */
public record LiveBrokers(Set<Integer> ids, Set<Integer> silent) {

    /** Probes the live brokers of {@code brokers}; without a probe (a client config it cannot speak), all count. */
    public static LiveBrokers of(ClusterGateway gateway, Collection<BrokerState> brokers) {
        Set<Integer> live = new TreeSet<>();
        List<NodeProbe.Target> targets = new ArrayList<>();
        for (BrokerState b : brokers) {
            if (b.live()) {
                live.add(b.id());
                targets.add(new NodeProbe.Target(b.id(), "broker", b.endpoint()));
            }
        }
        Set<Integer> silent = new TreeSet<>();
        try {
            for (ProbeResult r : targets.isEmpty() ? List.<ProbeResult>of() : gateway.probe(targets)) {
                if (!r.answered() && r.nodeId() != null) {
                    silent.add(r.nodeId());
                }
            }
        } catch (RuntimeException e) {
            // the probe is a second opinion: without it the registration's word stands
        }
        live.removeAll(silent);
        return new LiveBrokers(Set.copyOf(live), Set.copyOf(silent));
    }

    /** The note for brokers counted as down although registered, or null when none. */
    public String note() {
        return silent.isEmpty() ? null : "broker " + EvacuateWorkflow.join(new TreeSet<>(silent)) + " is registered "
                + "but does not answer on its own endpoint: counted as down, not asked";
    }
}
