package dev.kshell.cli.commands;

import dev.kshell.grammar.ArgKind;
import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;
import dev.kshell.sandbox.NodeInfo;
import dev.kshell.sandbox.Sandbox;
import dev.kshell.sandbox.Scenario;
import org.jline.reader.Candidate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What completion offers from the sandbox itself: scenario names, and node ids by role and by the state the
 * launcher knows (a stopped controller is offered to {@code sandbox start-controller}; the cluster's snapshot cannot
 * say a controller is stopped). Answers nothing for node kinds while no sandbox runs, so that a real cluster's
 * snapshot answers instead.
 */
public final class SandboxCandidates {

    private SandboxCandidates() {
    }

    static Optional<List<Candidate>> candidates(Sandbox sandbox, ArgKind kind, String word) {
        return candidates(sandbox.running() ? sandbox.nodes() : null, kind, word);
    }

    /** @param nodes the sandbox's nodes, or null when no sandbox runs */
    public static Optional<List<Candidate>> candidates(List<NodeInfo> nodes, ArgKind kind, String word) {
        if (kind == ArgKind.SCENARIO) {
            List<Candidate> out = new ArrayList<>();
            for (Scenario s : Scenario.values()) {
                if (s.label().startsWith(word)) {
                    out.add(new Candidate(s.label(), s.label(), "scenarios", s.summary(), null, null, true));
                }
            }
            return Optional.of(out);
        }
        Role role = switch (kind) {
            case BROKER_ID, LIVE_BROKER_ID, STOPPED_BROKER_ID -> Role.BROKER;
            case CONTROLLER_ID, LIVE_CONTROLLER_ID, STOPPED_CONTROLLER_ID -> Role.CONTROLLER;
            default -> null; // any node
        };
        if (!isNodeKind(kind) || nodes == null) {
            return Optional.empty();
        }
        List<Candidate> out = new ArrayList<>();
        for (NodeInfo n : nodes) {
            boolean running = n.state() == State.RUNNING;
            boolean wanted = switch (kind) {
                case LIVE_BROKER_ID, LIVE_CONTROLLER_ID, LIVE_NODE_ID -> running;
                case STOPPED_BROKER_ID, STOPPED_CONTROLLER_ID, STOPPED_NODE_ID -> !running;
                default -> true;
            };
            String value = Integer.toString(n.id());
            if ((role == null || n.role() == role) && wanted && value.startsWith(word)) {
                String group = n.role() == Role.BROKER ? "brokers" : "controllers";
                out.add(new Candidate(value, value, group, n.role().name().toLowerCase(Locale.ROOT) + ", "
                        + n.state().name().toLowerCase(Locale.ROOT), null, null, true));
            }
        }
        return Optional.of(out);
    }

    private static boolean isNodeKind(ArgKind kind) {
        return switch (kind) {
            case BROKER_ID, LIVE_BROKER_ID, STOPPED_BROKER_ID, CONTROLLER_ID, LIVE_CONTROLLER_ID, STOPPED_CONTROLLER_ID,
                 NODE_ID, LIVE_NODE_ID, STOPPED_NODE_ID -> true;
            default -> false;
        };
    }
}
