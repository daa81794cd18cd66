package dev.kshell.rules.lint;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static dev.kshell.rules.lint.NodeConfig.ADVERTISED_LISTENERS;
import static dev.kshell.rules.lint.NodeConfig.LISTENERS;
import static dev.kshell.rules.lint.NodeConfig.NODE_ID;

/**
 * Rules across nodes about identity and addresses: two nodes with one node.id, two nodes on one machine binding the
 * same port, two nodes advertising the same host:port. Nodes count as on one machine when they name a common host
 * (loopback spellings folded); nodes whose hosts are all implicit are never assumed to share a machine, so a
 * production set with {@code listeners=PLAINTEXT://:9092} on every host is not flagged.
 */
final class EndpointRules {

    private EndpointRules() {
    }

    static List<Finding> check(List<NodeConfig> nodes) {
        List<Finding> out = new ArrayList<>();
        duplicateNodeIds(nodes, out);
        PortPlanner ports = new PortPlanner(nodes);
        duplicateBinds(nodes, ports, out);
        duplicateAdvertised(nodes, ports, out);
        return out;
    }

    private static void duplicateNodeIds(List<NodeConfig> nodes, List<Finding> out) {
        Map<Integer, List<NodeConfig>> byId = new LinkedHashMap<>();
        for (NodeConfig n : nodes) {
            if (n.nodeId() != null) {
                byId.computeIfAbsent(n.nodeId(), k -> new ArrayList<>()).add(n);
            }
        }
        Set<Integer> taken = new HashSet<>(byId.keySet());
        nodes.forEach(n -> n.voters().entries().forEach(v -> taken.add(v.id())));
        Set<Integer> handedOut = new HashSet<>();
        for (List<NodeConfig> group : byId.values()) {
            if (group.size() < 2) {
                continue;
            }
            NodeConfig first = group.get(0);
            for (NodeConfig n : group.subList(1, group.size())) {
                int id = freeId(n, taken, byId, handedOut);
                out.add(new Finding(Severity.ERROR, "duplicate-node-id", n.file().where(NODE_ID),
                        "node.id=" + n.nodeId() + " is also used by " + first.file().where(NODE_ID) + " ("
                                + String.join(",", first.roles()) + "); the second node to start is refused or "
                                + "takes over the other's registration",
                        "set node.id=" + id + " (unique across the cluster)"));
            }
        }
    }

    /** A controller whose port matches a voter that no file claims gets that voter's id; others the next free id. */
    private static int freeId(NodeConfig n, Set<Integer> taken, Map<Integer, List<NodeConfig>> byId,
                              Set<Integer> handedOut) {
        if (n.isController() && n.controllerEndpoint().isPresent()) {
            int port = n.controllerEndpoint().get().port();
            for (VoterEntry v : n.voters().entries()) {
                if (v.port() == port && !byId.containsKey(v.id()) && handedOut.add(v.id())) {
                    return v.id();
                }
            }
        }
        int id = taken.stream().max(Integer::compare).orElse(0) + 1;
        taken.add(id);
        return id;
    }

    private record Bound(NodeConfig node, ListenerEndpoint endpoint) {
    }

    private static void duplicateBinds(List<NodeConfig> nodes, PortPlanner ports, List<Finding> out) {
        Map<Integer, List<Bound>> byPort = new LinkedHashMap<>();
        for (NodeConfig n : nodes) {
            for (ListenerEndpoint e : n.listeners().endpoints()) {
                if (e.port() != 0) {
                    byPort.computeIfAbsent(e.port(), k -> new ArrayList<>()).add(new Bound(n, e));
                }
            }
        }
        for (Map.Entry<Integer, List<Bound>> entry : byPort.entrySet()) {
            for (List<Bound> group : conflictGroups(entry.getValue())) {
                Bound owner = owner(group, entry.getKey());
                for (Bound b : group) {
                    if (b == owner) {
                        continue;
                    }
                    Set<String> shared = new TreeSet<>(b.node().machineHosts());
                    shared.retainAll(owner.node().machineHosts());
                    int port = ports.plan(b.node(), b.endpoint());
                    out.add(new Finding(Severity.ERROR, "duplicate-bind", b.node().file().where(LISTENERS),
                            b.node().label() + " binds " + b.endpoint().raw() + " and " + owner.node().label()
                                    + " (" + owner.node().file().where(LISTENERS) + ") binds " + owner.endpoint().raw()
                                    + " on the same host (" + String.join(",", shared) + "); whichever starts second "
                                    + "fails to bind port " + entry.getKey() + " and exits",
                            "set listeners=" + FileRules.replace(b.node().listeners().endpoints(), b.endpoint(),
                                    b.endpoint().withPort(port)) + portNote(b.node(), port)));
                }
            }
        }
    }

    /** Groups of binds of one port that collide: different nodes, same machine, overlapping bind addresses. */
    private static List<List<Bound>> conflictGroups(List<Bound> binds) {
        int n = binds.size();
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                Bound a = binds.get(i);
                Bound b = binds.get(j);
                if (a.node() != b.node() && sameMachine(a.node(), b.node())
                        && overlap(a.endpoint(), b.endpoint())) {
                    parent[find(parent, i)] = find(parent, j);
                }
            }
        }
        Map<Integer, List<Bound>> groups = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            groups.computeIfAbsent(find(parent, i), k -> new ArrayList<>()).add(binds.get(i));
        }
        return groups.values().stream().filter(g -> g.size() > 1).toList();
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            i = parent[i];
        }
        return i;
    }

    private static boolean sameMachine(NodeConfig a, NodeConfig b) {
        return !Collections.disjoint(a.machineHosts(), b.machineHosts());
    }

    private static boolean overlap(ListenerEndpoint a, ListenerEndpoint b) {
        return a.wildcardHost() || b.wildcardHost() || Hosts.normalise(a.host()).equals(Hosts.normalise(b.host()));
    }

    /** Who keeps the port: the controller whose voters entry names it, else the first file. */
    private static Bound owner(List<Bound> group, int port) {
        for (Bound b : group) {
            if (b.node().isController() && b.node().ownVoter().map(v -> v.port() == port).orElse(false)) {
                return b;
            }
        }
        return group.stream().min(Comparator.comparingInt(b -> b.node().order())).orElseThrow();
    }

    private static void duplicateAdvertised(List<NodeConfig> nodes, PortPlanner ports, List<Finding> out) {
        Map<String, List<Bound>> byEndpoint = new LinkedHashMap<>();
        for (NodeConfig n : nodes) {
            for (ListenerEndpoint e : n.advertised().endpoints()) {
                if (e.port() != 0 && !e.wildcardHost()) {
                    byEndpoint.computeIfAbsent(Hosts.normalise(e.host()) + ":" + e.port(), k -> new ArrayList<>())
                            .add(new Bound(n, e));
                }
            }
        }
        for (Map.Entry<String, List<Bound>> entry : byEndpoint.entrySet()) {
            List<Bound> group = entry.getValue();
            if (group.stream().map(Bound::node).distinct().count() < 2) {
                continue;
            }
            Bound owner = owner(group, group.get(0).endpoint().port());
            for (Bound b : group) {
                if (b.node() == owner.node()) {
                    continue;
                }
                int port = ports.plan(b.node(), b.endpoint());
                out.add(new Finding(Severity.ERROR, "duplicate-advertised", b.node().file().where(ADVERTISED_LISTENERS),
                        b.node().label() + " advertises " + b.endpoint().raw() + ", as " + owner.node().label() + " ("
                                + owner.node().file().where(ADVERTISED_LISTENERS) + ") does; clients and brokers "
                                + "sent to " + entry.getKey() + " reach whichever node holds that port",
                        "set advertised.listeners=" + FileRules.replace(b.node().advertised().endpoints(),
                                b.endpoint(), b.endpoint().withPort(port)) + portNote(b.node(), port)));
            }
        }
    }

    private static String portNote(NodeConfig node, int port) {
        return node.ownVoter().map(v -> v.port() == port).orElse(false)
                ? " (its controller.quorum.voters port)"
                : " (a port no other node in these files uses; listeners and advertised.listeners must agree)";
    }

    /**
     * Picks replacement ports for colliding listeners, one per (node, listener) so that the listeners and the
     * advertised.listeners fix agree: the node's own voters port for a controller listener, else the old port plus
     * 100, 200, ... until no node in the set uses it.
     */
    static final class PortPlanner {
        /** Port to the nodes (by order) that mention it anywhere. */
        private final Map<Integer, Set<Integer>> users = new HashMap<>();
        private final Map<String, Integer> planned = new HashMap<>();

        PortPlanner(List<NodeConfig> nodes) {
            for (NodeConfig n : nodes) {
                n.listeners().endpoints().forEach(e -> use(e.port(), n));
                n.advertised().endpoints().forEach(e -> use(e.port(), n));
                n.voters().entries().forEach(v -> use(v.port(), n));
                n.bootstrapServers().entries().forEach(v -> use(v.port(), n));
            }
        }

        private void use(int port, NodeConfig n) {
            users.computeIfAbsent(port, k -> new HashSet<>()).add(n.order());
        }

        private boolean usedByOthers(int port, NodeConfig n) {
            Set<Integer> u = users.getOrDefault(port, Set.of());
            return !(u.isEmpty() || u.equals(Set.of(n.order())));
        }

        int plan(NodeConfig node, ListenerEndpoint endpoint) {
            return planned.computeIfAbsent(node.order() + "/" + endpoint.name(), k -> {
                if (node.isController() && node.controllerListenerNames().contains(endpoint.name())
                        && node.ownVoter().isPresent() && node.ownVoter().get().port() != endpoint.port()) {
                    return node.ownVoter().get().port();
                }
                // The same listener's other half (bind or advertised) may already be on a port of its own.
                List<ListenerEndpoint> halves = new ArrayList<>(node.listeners().endpoints());
                halves.addAll(node.advertised().endpoints());
                for (ListenerEndpoint other : halves) {
                    if (other.name().equals(endpoint.name()) && other.port() != endpoint.port()
                            && other.port() != 0 && !usedByOthers(other.port(), node)) {
                        return other.port();
                    }
                }
                int port = endpoint.port();
                while (users.containsKey(port) && port + 100 <= 65535) {
                    port += 100;
                }
                use(port, node);
                return port;
            });
        }
    }
}
