package dev.kshell.sandbox;

import dev.kshell.cluster.NodeProbe;
import dev.kshell.model.ProbeResult;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether each running sandbox node answers on its own endpoint. "Running" is what the launcher did; whether the JVM
 * answers is asked, all nodes at once (a node stopped by SIGSTOP or stuck in shutdown still has a live process).
 */
public final class NodeAnswers {

    private NodeAnswers() {
    }

    /** The answer of every running Kafka node by id, within {@link NodeProbe#DEFAULT_DEADLINE}. */
    public static Map<Integer, ProbeResult> of(List<NodeInfo> nodes) {
        List<NodeProbe.Target> targets = nodes.stream()
                .filter(n -> n.state() == NodeInfo.State.RUNNING)
                .filter(n -> n.role() != NodeInfo.Role.ZOOKEEPER) // speaks no Kafka protocol: not asked ("-")
                .map(n -> new NodeProbe.Target(n.id(), n.role().name().toLowerCase(Locale.ROOT), n.endpoint())).toList();
        Map<Integer, ProbeResult> answers = new HashMap<>();
        new NodeProbe(Map.of(), NodeProbe.DEFAULT_DEADLINE).probe(targets).forEach(r -> answers.put(r.nodeId(), r));
        return answers;
    }
}
