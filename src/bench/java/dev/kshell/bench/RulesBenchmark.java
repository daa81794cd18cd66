package dev.kshell.bench;

import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.PartitionReport;
import dev.kshell.rules.TopicFilter;
import dev.kshell.rules.Triage;
import dev.kshell.rules.TriageReport;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicConfig;
import dev.kshell.model.TopicState;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import dev.kshell.model.Finding;
import dev.kshell.rules.BrokerHealth;
import dev.kshell.rules.ConfigRisks;

/**
 * The diagnosis rules over a synthetic snapshot of {@code partitions} partitions (default 1,000,000): 100
 * partitions a topic, 6 brokers with broker 6 fenced, replication factors cycling 1, 2, 3 (min.isr 2 where RF &gt; 1),
 * replicas placed round-robin; every partition that had a replica on broker 6 lost it from the ISR, and those
 * whose replicas were all on broker 6 have no leader (one topic-name string per topic, as the gateway makes them).
 * Both sizes run in one JMH run, so that scripts/bench-rules can print the 1M / 100k ratio per rule (10 = linear).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RulesBenchmark {

    @Param({"100000", "1000000"})
    public int partitions;

    private ClusterSnapshot snapshot;

    @Setup(Level.Trial)
    public void build() {
        snapshot = synthetic(partitions);
        long leaderless = snapshot.topics().stream().flatMap(t -> t.partitions().stream())
                .filter(p -> p.leader() == null).count();
        System.out.printf("%nsnapshot: %d topics, %d partitions, %d leaderless%n", snapshot.topics().size(),
                partitions, leaderless);
    }

    static ClusterSnapshot synthetic(int partitions) {
        int brokers = 6;
        int dead = 6;
        List<BrokerState> brokerStates = new ArrayList<>();
        for (int id = 1; id <= brokers; id++) {
            brokerStates.add(new BrokerState(id, "127.0.0.1", 9090 + id, null, id == dead));
        }
        List<QuorumReplica> voters = List.of(new QuorumReplica(101, 5000, 0L, 10L, 10L),
                new QuorumReplica(102, 5000, 0L, 10L, 10L), new QuorumReplica(103, 5000, 0L, 10L, 10L));
        QuorumState quorum = new QuorumState(101, 7, 5000, voters, List.of());
        List<TopicState> topics = new ArrayList<>();
        int perTopic = 100;
        int made = 0;
        for (int t = 0; made < partitions; t++) {
            int rf = 1 + t % 3;
            int n = Math.min(perTopic, partitions - made);
            List<PartitionState> ps = new ArrayList<>(n);
            String name = String.format("topic-%06d", t);
            for (int p = 0; p < n; p++) {
                List<Integer> replicas = new ArrayList<>(rf);
                for (int r = 0; r < rf; r++) {
                    replicas.add(1 + (t + p + r) % brokers);
                }
                List<Integer> isr = replicas.stream().filter(id -> id != dead).toList();
                Integer leader = isr.isEmpty() ? null : isr.get(0);
                List<Integer> elr = isr.isEmpty() ? List.of(dead) : List.of();
                ps.add(new PartitionState(name, p, leader, replicas, isr, elr, elr));
            }
            TopicConfig config = new TopicConfig(rf > 1 ? 2 : 1, rf > 1 ? "DYNAMIC_TOPIC_CONFIG" : "DEFAULT_CONFIG",
                    false, "DEFAULT_CONFIG");
            topics.add(new TopicState(name, false, ps, config));
            made += n;
        }
        return new ClusterSnapshot("bench", Instant.now(), brokerStates, quorum, null, topics);
    }

    @Benchmark
    public PartitionReport leaderless() {
        return PartitionHealth.leaderless(snapshot, TopicFilter.all());
    }

    @Benchmark
    public PartitionReport underMinIsr() {
        return PartitionHealth.underMinIsr(snapshot, TopicFilter.all());
    }

    @Benchmark
    public PartitionReport underReplicated() {
        return PartitionHealth.underReplicated(snapshot, TopicFilter.all());
    }

    @Benchmark
    public PartitionReport atMinIsr() {
        return PartitionHealth.atMinIsr(snapshot, TopicFilter.all());
    }

    @Benchmark
    public List<Finding> configRisks() {
        return ConfigRisks.check(snapshot);
    }

    @Benchmark
    public List<Finding> brokerHealth() {
        return BrokerHealth.check(snapshot);
    }

    @Benchmark
    public TriageReport triage() {
        return Triage.run(snapshot, null);
    }
}
