package dev.kshell.sandbox;

import java.util.List;
import java.util.Locale;

import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;
import dev.kshell.sandbox.Sandbox.NodeAction;

/** Whether a fault-injection command may run on a node, and how the sandbox names its nodes in refusals. */
final class NodeFaults {

    private NodeFaults() {
    }

    /**
     * Checks that a node command can run: the node exists, has the command's role and is not already in the
     * requested state. Returns the node.
     *
     * @throws SandboxRefusal naming the reason otherwise
     */
    static NodeInfo check(LocalCluster c, NodeAction action, int id) {
        NodeInfo node = find(c, id);
        String name = name(node);
        if (node.role() != action.role()) {
            String other = action.label().replace(lower(action.role()), lower(node.role()));
            throw new SandboxRefusal("node " + id + " is a " + lower(node.role()) + ", not a " + lower(action.role())
                    + " (try: sandbox " + other + " " + id + ")");
        }
        boolean alive = node.state() == State.RUNNING;
        if (action.target() == State.RUNNING && alive) {
            throw new SandboxRefusal(name + " is already running");
        }
        if (action.target() != State.RUNNING && !alive) {
            throw new SandboxRefusal(name + " is already " + lower(node.state()) + " (sandbox start-"
                    + lower(node.role()) + " " + id + " starts it)");
        }
        return node;
    }

    /** The node with this id, or a refusal naming the ids there are. */
    static NodeInfo find(LocalCluster c, int id) {
        return c.nodes().stream().filter(n -> n.id() == id).findFirst().orElseThrow(() -> new SandboxRefusal(
                "no node " + id + " in the sandbox (" + describeIds(c.nodes()) + ")"));
    }

    static String name(NodeInfo node) {
        return lower(node.role()) + " " + node.id();
    }

    static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    private static String describeIds(List<NodeInfo> nodes) {
        List<Integer> controllers = nodes.stream().filter(n -> n.role() == Role.CONTROLLER).map(NodeInfo::id).toList();
        List<Integer> brokers = nodes.stream().filter(n -> n.role() == Role.BROKER).map(NodeInfo::id).toList();
        return "controllers " + range(controllers) + ", brokers " + range(brokers);
    }

    private static String range(List<Integer> ids) {
        return ids.isEmpty() ? "none" : ids.size() == 1 ? ids.get(0).toString()
                : ids.get(0) + "-" + ids.get(ids.size() - 1);
    }
}
