package dev.kshell.sandbox;

import dev.kshell.model.QuorumObservation;
import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;
import dev.kshell.util.Labelled;

import java.util.List;
import java.util.Map;

/**
 * The records the sandbox's operations answer with (the JSON models of the {@code sandbox} commands), apart from the
 * operations themselves; {@link Sandbox} carries them as its member types ({@code Sandbox.DiskLoss}).
 */
public interface SandboxRecords {

    /** A demo topic: its assignment (preferred leader first) and configs. */
    record DemoTopic(String name, List<List<Integer>> replicas, Map<String, String> configs) {
        public int replicationFactor() {
            return replicas.get(0).size();
        }
    }

    /**
     * A fault-injection command, named verb-role: the role it applies to and the state it leaves the node in
     * (stop: stopped, kill: killed, start: running).
     */
    enum NodeAction implements Labelled {
        STOP_BROKER,
        KILL_BROKER,
        START_BROKER,
        STOP_CONTROLLER,
        /** SIGKILL of the active controller: a KRaft controller, or in ZooKeeper mode the controller broker. */
        KILL_CONTROLLER,
        START_CONTROLLER;

        public Role role() {
            return switch (this) {
                case STOP_BROKER, KILL_BROKER, START_BROKER -> Role.BROKER;
                case STOP_CONTROLLER, KILL_CONTROLLER, START_CONTROLLER -> Role.CONTROLLER;
            };
        }

        public State target() {
            return switch (this) {
                case STOP_BROKER, STOP_CONTROLLER -> State.STOPPED;
                case KILL_BROKER, KILL_CONTROLLER -> State.KILLED;
                case START_BROKER, START_CONTROLLER -> State.RUNNING;
            };
        }
    }

    /**
     * What {@code sandbox lose-disk} did: the node, its metadata directory id before and after (null when unknown),
     * whether the quorum is dynamic, how long it took.
     */
    record DiskLoss(int id, String role, String oldDirectoryId, String newDirectoryId, boolean dynamicQuorum,
                           long tookMs) {
    }

    /**
     * What {@code sandbox fail-disk N} did.
     *
     * @param broker the broker
     * @param logDir the directory that failed (the broker runs on with its other one)
     * @param tookMs until the broker reported it offline
     */
    record DiskFailure(int broker, String logDir, long tookMs) {
    }

    /** What a node command did. */
    record NodeChange(int id, String role, String action, String state, long tookMs) {
    }

    /** What a staged scenario left behind: its name, how long it took, the brief, whether load runs. */
    record ScenarioRun(String scenario, long tookMs, String brief, boolean load, List<String> loadTopics,
                              List<QuorumObservation> quorumReads) {
        public ScenarioRun {
            quorumReads = quorumReads == null ? List.of() : List.copyOf(quorumReads);
        }

        /** A run that read nothing of the quorum worth remembering. */
        public ScenarioRun(String scenario, long tookMs, String brief, boolean load, List<String> loadTopics) {
            this(scenario, tookMs, brief, load, loadTopics, List.of());
        }
    }

    /**
     * What {@code sandbox pause} did: the node, how long it was frozen, and the quorum leader before and after
     * (null when it could not be read), plus every quorum read taken meanwhile (for the quorum history). For a
     * broker: when the controller was first seen to fence it (ms after SIGSTOP; in ZooKeeper mode: to drop its
     * registration), and when it was seen serving again (ms after SIGCONT); null when not seen.
     */
    record PauseRun(int id, String role, long pausedMs, Integer leaderBefore, Long epochBefore,
                           Integer leaderAfter, Long epochAfter, List<QuorumObservation> quorumReads,
                           Long fencedAfterMs, Long unfencedAfterMs) {
        public PauseRun {
            quorumReads = List.copyOf(quorumReads);
        }

        /** A run that did not watch the broker's registration (a controller, a dry run). */
        public PauseRun(int id, String role, long pausedMs, Integer leaderBefore, Long epochBefore,
                        Integer leaderAfter, Long epochAfter, List<QuorumObservation> quorumReads) {
            this(id, role, pausedMs, leaderBefore, epochBefore, leaderAfter, epochAfter, quorumReads, null, null);
        }
    }

    /** What {@code reset} did. */
    record ResetReport(List<String> nodesStarted, List<String> topicsDeleted, boolean offsetsRestored,
                              int leadersMoved, boolean loadStopped, long tookMs) {
    }
}
