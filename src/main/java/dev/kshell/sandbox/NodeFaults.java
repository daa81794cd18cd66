package dev.kshell.sandbox;

import java.util.List;
import java.util.Locale;

import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;
import dev.kshell.sandbox.SandboxRecords.NodeAction;
import dev.kshell.model.QuorumState;
import dev.kshell.model.ZooKeeperState;
import java.util.ArrayList;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

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

    /**
     * {@code kill-controller N}: N must be running and be the active controller as the quorum names it now: a KRaft
     * controller, or in ZooKeeper mode the broker holding /controller.
     *
     * @param quorum the quorum as read now, or null when it could not be read (then only the role is checked)
     * @throws SandboxRefusal naming the active controller otherwise
     */
    static NodeInfo checkController(LocalCluster c, int id, QuorumState quorum) {
        NodeInfo node = find(c, id);
        Role expected = c.zooKeeperMode() ? Role.BROKER : Role.CONTROLLER;
        String active = quorum == null || !quorum.hasLeader() ? null
                : (c.zooKeeperMode() ? "broker " : "controller ") + quorum.leaderId();
        if (node.role() != expected) {
            throw new SandboxRefusal("node " + id + " is a " + lower(node.role()) + (c.zooKeeperMode()
                    ? "; in ZooKeeper mode the controller is a broker" : ", not a controller")
                    + (active == null ? "" : " (the active controller is " + active + ")"));
        }
        if (node.state() != State.RUNNING) {
            throw new SandboxRefusal(name(node) + " is already " + lower(node.state()));
        }
        if (quorum != null && quorum.hasLeader() && quorum.leaderId() != id) {
            throw new SandboxRefusal(name(node) + " is not the active controller: " + active + " is (sandbox "
                    + "kill-controller " + quorum.leaderId() + ")");
        }
        return node;
    }

    /** How long start-broker waits in ZooKeeper mode for a dead broker's registration to expire. */
    static final long REGISTRATION_WAIT_MS = 60_000;

    /**
     * ZooKeeper mode: a broker started while its dead predecessor's {@code /brokers/ids/N} is still held by the old
     * session exits with NodeExistsException; wait (up to {@link #REGISTRATION_WAIT_MS}) until ZooKeeper has dropped
     * it. Nothing to wait for in KRaft, for a controller, or when ZooKeeper cannot be read.
     */
    static void awaitRegistrationGone(Sandbox sandbox, LocalCluster c, NodeInfo node) {
        if (!c.zooKeeperMode() || node.role() != Role.BROKER) {
            return;
        }
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(REGISTRATION_WAIT_MS);
        while (System.nanoTime() - until < 0) {
            Optional<QuorumState> q = sandbox.quickQuorum(new ArrayList<>());
            ZooKeeperState zk = q.map(QuorumState::zooKeeper).orElse(null);
            if (zk == null || zk.error() != null || !zk.registeredBrokers().contains(node.id())) {
                return;
            }
            Settle.sleep(500);
        }
    }
}
