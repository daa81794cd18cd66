package dev.kshell.sandbox;

import dev.kshell.cluster.SandboxTopicAdmin;
import dev.kshell.model.PartitionState;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The clients' side scenarios ({@link Scenario#CONSUMER_STUCK}, {@link Scenario#OFFSETS_LOST}), staged with the same
 * real steps as {@link ScenarioSteps}: records produced, groups consuming and committing, brokers stopped and killed.
 */
final class ClientScenarios {

    /** The group that stops reading in {@code consumer-stuck}. */
    static final String STUCK_GROUP = "dispatch";
    /** The group whose committed offset an unclean election leaves beyond the log end in {@code offsets-lost}. */
    static final String SHIPPING_GROUP = "shipping";

    private final Sandbox sandbox;
    private final LocalCluster cluster;
    private final SandboxTopicAdmin admin;
    private final ScenarioSteps steps;

    ClientScenarios(Sandbox sandbox, Consumer<String> progress) {
        this.sandbox = sandbox;
        this.cluster = sandbox.cluster();
        this.admin = sandbox.admin();
        this.steps = new ScenarioSteps(sandbox, progress);
    }

    /**
     * {@code deliveries} (RF 3, three partitions) holds 60 records; the load's producer writes on, its consumer
     * groups read along, and {@value #STUCK_GROUP} reads the first 60, commits and reads no more while it stays a
     * member. Returns once it has stopped and its lag has started to grow.
     *
     * @param startLoad takes the load this scenario runs (the sandbox keeps it, and stops it on reset)
     */
    List<String> consumerStuck(Consumer<SandboxLoad> startLoad) {
        steps.create("deliveries", List.of(List.of(4, 5, 6), List.of(5, 6, 4), List.of(6, 4, 5)), Map.of());
        steps.produce("deliveries", 60, "all");
        steps.step("the dispatch service reads, then stops reading; producers keep writing");
        SandboxLoad load = new SandboxLoad(cluster, List.of("deliveries"));
        load.consumers().addStuck(cluster.bootstrapServers(), STUCK_GROUP, List.of("deliveries"), 60);
        startLoad.accept(load);
        sandbox.awaitCondition(STUCK_GROUP + " caught up and stopped reading, with new records behind it", () ->
                load.consumers().stopped(STUCK_GROUP) && load.stats().acknowledged() > 10);
        return List.of("deliveries");
    }

    /**
     * {@code shipments} on brokers 4 and 5: 100 records on both, broker 5 stopped, 100 more on 4 alone, the
     * {@value #SHIPPING_GROUP} group reads all 200 and commits offset 200; broker 4 is killed, broker 5 started, and
     * an unclean election makes 5 the leader with 100 records (sandbox fault injection, as an operator's
     * {@code elect unclean} would); broker 4 comes back and truncates to them. The group's committed 200 now lies
     * beyond the log end 100.
     */
    List<String> offsetsLost() {
        steps.create("shipments", List.of(List.of(4, 5)), Map.of());
        steps.produce("shipments", 100, "all");
        steps.step("a replica goes away for maintenance");
        cluster.stopNode(5);
        sandbox.awaitCondition("shipments-0 ISR [4]", () -> partition().isr().equals(List.of(4)));
        steps.produce("shipments", 100, "1");
        steps.step("the shipping group reads and commits all 200 records");
        steps.consumeAndCommit(SHIPPING_GROUP, "shipments", 200);
        steps.step("the leader crashes, the out-of-sync replica comes back, someone elects it uncleanly");
        cluster.killNode(4);
        sandbox.startNode(5);
        sandbox.awaitCondition("shipments-0 leaderless with broker 5 live", () -> partition().leader() == null
                && admin.snapshot(List.of(), false).liveBrokerIds().contains(5));
        sandbox.awaitCondition("shipments-0 led by broker 5 after an unclean election", () -> {
            if (partition().leader() == null) {
                admin.electUncleanQuietly("shipments", 0);
            }
            return Integer.valueOf(5).equals(partition().leader());
        });
        steps.step("broker 4 comes back and follows");
        sandbox.startNode(4);
        sandbox.awaitCondition("shipments-0 in sync on 5 and 4", () -> partition().isr().size() == 2);
        return List.of();
    }

    private PartitionState partition() {
        return sandbox.partition("shipments", 0).orElseThrow();
    }
}
