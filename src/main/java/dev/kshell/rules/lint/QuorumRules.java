package dev.kshell.rules.lint;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.kshell.rules.lint.NodeConfig.ADVERTISED_LISTENERS;
import static dev.kshell.rules.lint.NodeConfig.BOOTSTRAP_SERVERS;
import static dev.kshell.rules.lint.NodeConfig.LISTENERS;
import static dev.kshell.rules.lint.NodeConfig.VOTERS;
import java.util.Objects;

/**
 * Quorum rules: every node names the controllers the same way, and every controller listens where the voters list
 * (static quorum) or the bootstrap-servers list (dynamic quorum, KIP-853) says it does. A controller on another port
 * than its voters entry still forms a raft quorum, but brokers never register (docs/kafka-behaviour.md).
 */
final class QuorumRules {

    private QuorumRules() {
    }

    static List<Finding> check(List<NodeConfig> nodes) {
        List<Finding> out = new ArrayList<>();
        Optional<String> majorityVoters = majorityVoters(nodes).map(n -> n.file().value(VOTERS));
        for (NodeConfig node : nodes) {
            perNode(node, majorityVoters, out);
        }
        votersDiffer(nodes, out);
        votersWithoutFile(nodes, out);
        mixedRoles(nodes, out);
        return out;
    }

    /**
     * On a set that holds the cluster's controllers: a voter entry whose node.id no controller file defines. Either
     * the file is missing from the set or the id is wrong; in the running cluster that voter never votes, so the
     * quorum is one failure closer to losing its majority. Checked once, on the voters list most files agree on.
     * A broker file that claims a voter's id is reported as broker-in-voters instead.
     */
    private static void votersWithoutFile(List<NodeConfig> nodes, List<Finding> out) {
        Set<Integer> controllerIds = nodes.stream().filter(NodeConfig::isController).map(NodeConfig::nodeId)
                .filter(Objects::nonNull).collect(Collectors.toSet());
        Set<Integer> anyIds = nodes.stream().map(NodeConfig::nodeId).filter(Objects::nonNull)
                .collect(Collectors.toSet());
        Optional<NodeConfig> reference = majorityVoters(nodes);
        if (nodes.size() < 2 || controllerIds.isEmpty() || reference.isEmpty()) {
            return;
        }
        PropertiesFile f = reference.get().file();
        List<VoterEntry> voters = reference.get().voters().entries();
        for (VoterEntry v : voters) {
            if (controllerIds.contains(v.id()) || anyIds.contains(v.id())) {
                continue;
            }
            String defined = controllerIds.stream().sorted().map(String::valueOf).collect(Collectors.joining(", "));
            out.add(new Finding(Severity.WARNING, "voter-without-file", f.where(VOTERS),
                    "controller.quorum.voters names " + v.raw() + ", but no file in this set has node.id=" + v.id()
                            + " (controller files define " + defined + "): its file is missing, or the id is wrong; "
                            + "a voter that never runs leaves the quorum of " + voters.size()
                            + " one failure closer to losing its majority",
                    "lint the whole set, or make the voter's id match its controller's node.id in every file"));
        }
    }

    /**
     * Combined nodes (process.roles=broker,controller) next to dedicated ones: the combined node's controller shares
     * a JVM with client traffic, so load or a long GC pause there also stalls the quorum, and the set behaves unlike
     * either layout. Kafka supports combined mode for small and development clusters only.
     */
    private static void mixedRoles(List<NodeConfig> nodes, List<Finding> out) {
        List<NodeConfig> combined = nodes.stream().filter(n -> n.isBroker() && n.isController()).toList();
        long dedicated = nodes.stream().filter(n -> n.isBroker() != n.isController()).count();
        if (combined.isEmpty() || dedicated == 0) {
            return;
        }
        for (NodeConfig n : combined) {
            out.add(new Finding(Severity.WARNING, "process-roles-mixed", n.file().where(NodeConfig.PROCESS_ROLES),
                    (n.nodeId() == null ? n.path() : "node " + n.nodeId()) + " runs process.roles=" + n.file().value(NodeConfig.PROCESS_ROLES)
                            + " (combined) while " + dedicated + " other node" + (dedicated == 1 ? "" : "s")
                            + " in these files run one role: its controller shares a JVM with client traffic, so "
                            + "load or a GC pause there also stalls the quorum",
                    "give it one role (process.roles=controller, with its broker as a node of its own), or run "
                            + "every node combined in a small development cluster"));
        }
    }

    private static void perNode(NodeConfig node, Optional<String> majorityVoters, List<Finding> out) {
        PropertiesFile f = node.file();
        boolean hasVoters = !node.voters().entries().isEmpty();
        boolean hasBootstrap = !node.bootstrapServers().entries().isEmpty();
        if (!hasVoters && !hasBootstrap && node.voters().malformed().isEmpty()
                && node.bootstrapServers().malformed().isEmpty()) {
            out.add(new Finding(Severity.ERROR, "quorum-missing", f.path(),
                    "neither controller.quorum.voters nor controller.quorum.bootstrap.servers is set: the node "
                            + "cannot find the controller quorum",
                    majorityVoters.map(v -> "add controller.quorum.voters=" + v)
                            .orElse("add controller.quorum.bootstrap.servers=<host:port of each controller>")));
        }
        if (hasVoters && hasBootstrap) {
            // Kafka takes controller.quorum.voters and ignores the bootstrap list: the file reads as a dynamic
            // quorum's but the node runs a static one, and after `kafka-features upgrade --release-version` on 4.3+
            // (which also lifts kraft.version to 1, KAFKA-21426) a dynamic quorum runs on files that still pin voters
            out.add(new Finding(Severity.WARNING, "voters-and-bootstrap-servers", f.where(BOOTSTRAP_SERVERS),
                    "both controller.quorum.voters and controller.quorum.bootstrap.servers are set: Kafka uses the "
                            + "voters list (a static quorum) and ignores the bootstrap list, so the file does not say "
                            + "which kind of quorum the cluster runs",
                    "keep one: controller.quorum.voters for a static quorum (kraft.version 0), "
                            + "controller.quorum.bootstrap.servers for a dynamic one (kraft.version 1; "
                            + "`features` shows which the cluster runs)"));
        }
        FileRules.malformed(f, VOTERS, node.voters().malformed(), "voters-malformed",
                "id@host:port; Kafka refuses to start", "write each voter as id@host:port, e.g. 1@controller1:9093",
                out);
        FileRules.malformed(f, BOOTSTRAP_SERVERS, node.bootstrapServers().malformed(), "bootstrap-servers-malformed",
                "host:port; Kafka refuses to start", "write each server as host:port, e.g. controller1:9093", out);
        duplicateVoters(node, out);
        if (node.isController() && node.nodeId() != null) {
            controllerAgainstQuorum(node, out);
        }
        if (node.isBroker() && !node.isController() && node.ownVoter().isPresent()) {
            VoterEntry v = node.ownVoter().get();
            out.add(new Finding(Severity.ERROR, "broker-in-voters", f.where(VOTERS),
                    "broker-only node " + node.nodeId() + " is listed as voter '" + v.raw()
                            + "'; Kafka refuses to start, and the quorum would count a voter that never votes",
                    "remove " + v.raw() + " from controller.quorum.voters in every file, or give this broker a "
                            + "node.id that is not a voter"));
        }
    }

    private static void duplicateVoters(NodeConfig node, List<Finding> out) {
        Set<Integer> ids = new HashSet<>();
        Map<String, VoterEntry> endpoints = new LinkedHashMap<>();
        for (VoterEntry v : node.voters().entries()) {
            if (!ids.add(v.id())) {
                out.add(new Finding(Severity.ERROR, "voters-malformed", node.file().where(VOTERS),
                        "controller.quorum.voters lists node " + v.id() + " twice",
                        "keep one entry for node " + v.id() + " in controller.quorum.voters"));
            }
            VoterEntry other = endpoints.putIfAbsent(v.endpointKey(), v);
            if (other != null && other.id() != v.id()) {
                out.add(new Finding(Severity.ERROR, "voters-malformed", node.file().where(VOTERS),
                        "controller.quorum.voters gives " + other.raw() + " and " + v.raw()
                                + " the same host:port; two controllers cannot share an endpoint",
                        "give every voter its own host:port in controller.quorum.voters"));
            }
        }
    }

    private static void controllerAgainstQuorum(NodeConfig node, List<Finding> out) {
        PropertiesFile f = node.file();
        Optional<ListenerEndpoint> endpoint = node.controllerEndpoint();
        if (!node.voters().entries().isEmpty()) {
            Optional<VoterEntry> own = node.ownVoter();
            if (own.isEmpty()) {
                String host = commonVoterHost(node).orElse("<host>");
                String port = endpoint.map(e -> String.valueOf(e.port())).orElse("<port>");
                out.add(new Finding(Severity.ERROR, "controller-not-in-voters", f.where(VOTERS),
                        "controller " + node.nodeId() + " is not in controller.quorum.voters (" + f.value(VOTERS)
                                + "); Kafka refuses to start a controller that is not a voter",
                        "set controller.quorum.voters=" + f.value(VOTERS) + "," + node.nodeId() + "@" + host + ":"
                                + port + " in every file"));
                return;
            }
            VoterEntry voter = own.get();
            if (endpoint.isPresent() && endpoint.get().port() != voter.port() && endpoint.get().port() != 0) {
                ListenerEndpoint e = endpoint.get();
                boolean fromAdvertised = node.advertised().endpoints().contains(e);
                String key = fromAdvertised ? ADVERTISED_LISTENERS : LISTENERS;
                List<ListenerEndpoint> list = fromAdvertised ? node.advertised().endpoints()
                        : node.listeners().endpoints();
                out.add(new Finding(Severity.ERROR, "controller-port-mismatch", f.where(key),
                        "controller " + node.nodeId() + " listens on " + e.raw() + " but controller.quorum.voters says "
                                + voter.raw() + "; the quorum may form, but brokers and other controllers dial port "
                                + voter.port() + " and brokers never register",
                        "set " + key + "=" + FileRules.replace(list, e, e.withPort(voter.port()))
                                + " to match controller.quorum.voters " + voter.raw()));
            }
            return;
        }
        if (!node.bootstrapServers().entries().isEmpty() && endpoint.isPresent() && endpoint.get().port() != 0) {
            ListenerEndpoint e = endpoint.get();
            boolean listed = node.bootstrapServers().entries().stream().anyMatch(b -> b.port() == e.port()
                    && (e.wildcardHost() || Hosts.normalise(e.host()).equals(Hosts.normalise(b.host()))));
            if (!listed) {
                boolean fromAdvertised = node.advertised().endpoints().contains(e);
                String host = e.wildcardHost() ? commonBootstrapHost(node).orElse("<host>") : e.host();
                out.add(new Finding(Severity.WARNING, "controller-not-in-bootstrap-servers",
                        f.where(fromAdvertised ? ADVERTISED_LISTENERS : LISTENERS),
                        "controller " + node.nodeId() + " listens on " + e.raw()
                                + ", which is not among controller.quorum.bootstrap.servers ("
                                + f.value(BOOTSTRAP_SERVERS) + "); nodes can only discover the quorum through the "
                                + "listed addresses, so a typo here leaves this controller unreachable",
                        "set controller.quorum.bootstrap.servers=" + f.value(BOOTSTRAP_SERVERS) + "," + host + ":"
                                + e.port() + " in every file (or move the listener to the port listed for it)"));
            }
        }
    }

    private static Optional<String> commonVoterHost(NodeConfig node) {
        Set<String> hosts = node.voters().entries().stream().map(VoterEntry::host).collect(Collectors.toSet());
        return hosts.size() == 1 ? hosts.stream().findFirst() : Optional.empty();
    }

    private static Optional<String> commonBootstrapHost(NodeConfig node) {
        Set<String> hosts = node.bootstrapServers().entries().stream().map(VoterEntry::host)
                .collect(Collectors.toSet());
        return hosts.size() == 1 ? hosts.stream().findFirst() : Optional.empty();
    }

    /** Voters as a canonical string: entries sorted by id, hosts normalised. */
    static String canonicalVoters(NodeConfig node) {
        return node.voters().entries().stream().sorted(Comparator.comparingInt(VoterEntry::id))
                .map(v -> v.id() + "@" + v.endpointKey()).collect(Collectors.joining(","));
    }

    /** The node holding the voters list most files agree on (ties: the earliest file). */
    private static Optional<NodeConfig> majorityVoters(List<NodeConfig> nodes) {
        Map<String, List<NodeConfig>> groups = votersGroups(nodes);
        return groups.values().stream()
                .max(Comparator.<List<NodeConfig>>comparingInt(List::size)
                        .thenComparing(g -> -g.get(0).order()))
                .map(g -> g.get(0));
    }

    private static Map<String, List<NodeConfig>> votersGroups(List<NodeConfig> nodes) {
        Map<String, List<NodeConfig>> groups = new LinkedHashMap<>();
        for (NodeConfig n : nodes) {
            if (!n.voters().entries().isEmpty()) {
                groups.computeIfAbsent(canonicalVoters(n), k -> new ArrayList<>()).add(n);
            }
        }
        return groups;
    }

    private static void votersDiffer(List<NodeConfig> nodes, List<Finding> out) {
        Map<String, List<NodeConfig>> groups = votersGroups(nodes);
        if (groups.size() < 2) {
            return;
        }
        NodeConfig reference = majorityVoters(nodes).orElseThrow();
        String referenceKey = canonicalVoters(reference);
        int agreeing = groups.get(referenceKey).size();
        int total = groups.values().stream().mapToInt(List::size).sum();
        for (NodeConfig n : nodes) {
            if (n.voters().entries().isEmpty() || canonicalVoters(n).equals(referenceKey)) {
                continue;
            }
            out.add(new Finding(Severity.ERROR, "voters-differ", n.file().where(VOTERS),
                    "controller.quorum.voters=" + n.file().value(VOTERS) + " differs from " + agreeing + " of "
                            + total + " files (e.g. " + reference.file().where(VOTERS) + " has "
                            + reference.file().value(VOTERS) + "); nodes that disagree on the voters cannot form "
                            + "or join one quorum",
                    "set controller.quorum.voters=" + reference.file().value(VOTERS)));
        }
    }
}
