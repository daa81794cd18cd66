package dev.kshell.sandbox;

import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.model.PartitionSpec;

import dev.kshell.cluster.SandboxTopicAdmin;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.QuorumObservation;
import dev.kshell.model.QuorumReplica;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.stream.Collectors;

/**
 * How each {@link Scenario} is staged on a healthy sandbox. Every step is real: records are produced, brokers are
 * killed ({@code SIGKILL}) or stopped, and each scenario waits until the cluster shows the fault before it returns.
 * Each method returns the topics a {@code --load} producer should write to.
 */
final class ScenarioSteps {

    private final Sandbox sandbox;
    private final LocalCluster cluster;
    private final SandboxTopicAdmin admin;
    private final Consumer<String> progress;

    ScenarioSteps(Sandbox sandbox, Consumer<String> progress) {
        this.sandbox = sandbox;
        this.cluster = sandbox.cluster();
        this.admin = sandbox.admin();
        this.progress = progress;
    }

    /**
     * The seed: broker 5 crashes. {@code orders} (RF 1, partition 0 on broker 5) loses a leader; {@code payments}
     * (RF 3 with min.insync.replicas 3, a setting equal to RF) drops under min ISR everywhere, so acks=all
     * producers fail there too.
     */
    List<String> brokerDown() {
        create("orders", List.of(List.of(5), List.of(6), List.of(4)), Map.of());
        create("payments", List.of(List.of(4, 5, 6), List.of(5, 6, 4), List.of(6, 4, 5)),
                Map.of("min.insync.replicas", "3"));
        produce("orders", 60, "all");
        produce("payments", 60, "all");
        step("a broker has a bad night");
        cluster.killNode(5);
        sandbox.awaitCondition("orders-0 leaderless and payments under min ISR",
                () -> first("orders").leader() == null && first("payments").isr().size() < 3);
        return List.of("orders", "payments");
    }

    /**
     * the recipe in docs/kafka-behaviour.md: {@code ledger} on brokers 4 and 5; 100 records on both (acks=all, and
     * checked on disk), broker 5 stopped, 100 more on 4 only, broker 4 killed, broker 5 started again. Broker 5 is
     * live but out of sync, holding 100 of the 200 records: no clean leader exists.
     */
    List<String> uncleanOnly() {
        create("ledger", List.of(List.of(4, 5)), Map.of());
        // acks=all: the first 100 are on both replicas when the producer returns. With acks=1 the follower had
        // often not fetched yet when broker 5 was stopped, and it came back empty (0 bytes, not 100 of 200).
        produce("ledger", 100, "all");
        sandbox.awaitCondition("both replicas of ledger-0 hold the first 100 records", () -> {
            Map<Integer, Long> bytes = ledgerBytes();
            return bytes.getOrDefault(5, 0L) > 0 && bytes.get(5).equals(bytes.get(4));
        });
        step("a replica goes away for maintenance");
        cluster.stopNode(5);
        sandbox.awaitCondition("ledger-0 ISR [4]", () -> first("ledger").isr().equals(List.of(4)));
        produce("ledger", 100, "1");
        step("the leader crashes, the other replica comes back");
        cluster.killNode(4);
        sandbox.startNode(5);
        sandbox.awaitCondition("ledger-0 leaderless with broker 5 live", () -> {
            PartitionState p = first("ledger");
            return p.leader() == null && p.isr().isEmpty()
                    && admin.snapshot(List.of(), false).liveBrokerIds().contains(5);
        });
        long onFive = ledgerBytes().getOrDefault(5, 0L);
        if (onFive == 0) {
            throw new IllegalStateException("unclean-only was not staged as described: broker 5's copy of ledger-0 "
                    + "is empty instead of holding the first 100 records");
        }
        return List.of("ledger");
    }

    /**
     * A disk lost for good: {@code stock} (RF 2, two of its partitions with a copy on broker 6) and
     * {@code audit-trail} (RF 1, on broker 6 only) hold records; broker 6 is killed and its data dir deleted. The
     * RF 2 partitions have a live copy to move; audit-trail-0 has none.
     */
    List<String> brokerLost() {
        create("stock", List.of(List.of(4, 6), List.of(6, 5), List.of(5, 4)), Map.of());
        create("audit-trail", List.of(List.of(6)), Map.of());
        produce("stock", 60, "all");
        produce("audit-trail", 30, "all");
        step("broker 6 loses its disk");
        cluster.replaceDisk(6);
        sandbox.awaitCondition("audit-trail-0 leaderless and stock-0 without broker 6 in its ISR",
                () -> first("audit-trail").leader() == null && !first("stock").isr().contains(6));
        return List.of("stock");
    }

    /** Bytes of ledger-0 per live broker that answered describeLogDirs. */
    private Map<Integer, Long> ledgerBytes() {
        Map<Integer, Long> out = new HashMap<>();
        admin.replicaSizes(admin.snapshot(List.of(), false).liveBrokerIds()).sizes()
                .forEach((broker, partitions) -> {
                    Long b = partitions.get(new PartitionSpec("ledger", 0));
                    if (b != null) {
                        out.put(broker, b);
                    }
                });
        return out;
    }

    /** Two of the three controllers stop (the active one among them when it is known). */
    List<String> quorumLoss() {
        int leader = sandbox.quorum().filter(QuorumState::hasLeader).map(QuorumState::leaderId).orElse(1);
        int other = leader == 3 ? 2 : 3;
        step("two controllers go down");
        cluster.stopNode(leader);
        cluster.stopNode(other);
        // The survivor goes on calling itself leader until it notices it has no majority (a few seconds); wait for
        // that, best effort, so that the operator meets the real state and not the last moment of the old one.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() - deadline < 0 && survivorStillLeads()) {
            Settle.sleep(500);
        }
        return List.of("demo-rf3");
    }

    /**
     * The seed's {@code offsets.topic.replication.factor=2} with min.insync.replicas 2. That broker setting only
     * counts when {@code __consumer_offsets} is created, and the sandbox created it with RF 3: so the topic is made
     * to look exactly as the seed's would (each partition reassigned to 2 replicas, topic-level
     * min.insync.replicas=2) instead of restarting the whole cluster. Then the broker leading the {@code billing}
     * group's coordinator partition crashes.
     */
    List<String> offsetsRf2() {
        create("invoices", List.of(List.of(4, 5, 6), List.of(5, 6, 4), List.of(6, 4, 5)), Map.of());
        produce("invoices", 30, "all");
        step("the billing group consumes and commits");
        consumeAndCommit(Sandbox.BILLING_GROUP, "invoices", 30);
        step("giving " + Sandbox.OFFSETS_TOPIC + " the seed's replication factor 2 and min.insync.replicas 2");
        int partitions = admin.snapshot(List.of(Sandbox.OFFSETS_TOPIC), false).topic(Sandbox.OFFSETS_TOPIC)
                .map(t -> t.partitions().size()).orElseThrow();
        Map<Integer, List<Integer>> rf2 = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            rf2.put(p, List.of(broker(p), broker(p + 1)));
        }
        sandbox.markOffsetsAltered();
        admin.reassignAndWait(Sandbox.OFFSETS_TOPIC, rf2);
        admin.setTopicConfig(Sandbox.OFFSETS_TOPIC, "min.insync.replicas", "2");
        int coordinatorPartition = coordinatorPartition(Sandbox.BILLING_GROUP, partitions);
        PartitionState coordinator = sandbox.partition(Sandbox.OFFSETS_TOPIC, coordinatorPartition).orElseThrow();
        int victim = coordinator.leader() != null ? coordinator.leader() : coordinator.replicas().get(0);
        step("a broker crashes");
        cluster.killNode(victim);
        sandbox.awaitCondition("the billing group's offsets partition under min ISR", () ->
                sandbox.partition(Sandbox.OFFSETS_TOPIC, coordinatorPartition).orElseThrow().isr().size() < 2);
        // Best effort, up to 30 s: the surviving replica's broker takes the group over and lists it again only once
        // it has loaded the partition; right after the kill nobody lists 'billing' (seen once in the suite: triage
        // then could not name the group). The operator meets the steady state: listed, but unable to commit.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() - deadline < 0 && !billingListed()) {
            Settle.sleep(500);
        }
        return List.of("invoices");
    }

    /**
     * {@code clicks}: six partitions whose second replica is always broker 6. A rolling restart of brokers 4 and
     * 5 (controlled shutdowns) moves each of their leaderships to the next in-sync replica: broker 6; nothing
     * moves them back until someone elects preferred leaders (or Kafka's own auto rebalance runs, every 300 s by
     * default).
     */
    List<String> preferredImbalance() {
        create("clicks", List.of(List.of(4, 6, 5), List.of(5, 6, 4), List.of(6, 4, 5), List.of(4, 6, 5),
                List.of(5, 6, 4), List.of(6, 5, 4)), Map.of());
        produce("clicks", 60, "all");
        for (int broker : List.of(4, 5)) {
            step("rolling restart: broker " + broker);
            cluster.stopNode(broker);
            sandbox.startNode(broker);
            sandbox.awaitCondition("clicks fully in sync after restarting broker " + broker, () -> inSync("clicks"));
        }
        sandbox.awaitCondition("clicks led by broker 6", () -> admin.snapshot(List.of("clicks"), false)
                .topic("clicks").orElseThrow().partitions().stream().allMatch(p -> Integer.valueOf(6).equals(p.leader())));
        return List.of("clicks");
    }

    /** What the flapping scenario's producer writes to: a demo topic, so nothing is left to clean up. */
    static final List<String> FLAPPING_TOPICS = List.of("demo-rf3");
    /** How many times the active controller freezes, and for how long (FACTS: ~6 s makes the quorum elect). */
    static final int FLAPS = 3;
    static final Duration FLAP_PAUSE = Duration.ofSeconds(6);

    /**
     * The second seed: the active controller freezes {@link #FLAPS} times in a row (SIGSTOP for {@link #FLAP_PAUSE},
     * then SIGCONT, like a long GC pause), each time long enough for the other voters to elect a new leader; the old
     * one comes back as a follower. Every quorum read goes into {@code reads}, for the shell's quorum history.
     */
    List<String> controllerFlapping(List<QuorumObservation> reads) {
        Set<Integer> fencedSeen = new TreeSet<>();
        for (int round = 1; round <= FLAPS; round++) {
            QuorumState before = awaitSettledLeader(reads);
            step("round " + round + "/" + FLAPS + ": controller " + before.leaderId() + " (the active one, epoch "
                    + before.leaderEpoch() + ") freezes for " + FLAP_PAUSE.toSeconds() + " s");
            Sandbox.PauseRun pause = sandbox.pause(before.leaderId(), FLAP_PAUSE);
            reads.addAll(pause.quorumReads());
            int frozen = before.leaderId();
            sandbox.awaitCondition("a quorum leader other than controller " + frozen, () -> {
                noteFenced(fencedSeen);
                return sandbox.quickQuorum(reads).filter(q -> q.hasLeader() && q.leaderId() != frozen).isPresent();
            });
            QuorumState after = sandbox.quickQuorum(reads).orElseThrow();
            step("controller " + after.leaderId() + " leads now (epoch " + after.leaderEpoch() + "); controller "
                    + frozen + " is back as a follower");
        }
        // "right now everything looks up": a broker whose heartbeats met a frozen controller may have been fenced
        // meanwhile (seen under load); the operator meets the calm after the flaps, with every partition led
        sandbox.awaitCondition("every broker serving and every partition led after the flaps", () -> {
            noteFenced(fencedSeen);
            ClusterSnapshot s = admin.snapshot(null, false);
            return s.liveBrokerIds().containsAll(Sandbox.BROKERS) && s.topics().stream()
                    .flatMap(t -> t.partitions().stream()).allMatch(p -> p.leader() != null);
        });
        if (!fencedSeen.isEmpty()) {
            step("meanwhile the controllers fenced broker " + fencedSeen.stream().map(String::valueOf)
                    .collect(Collectors.joining(", ")) + " for a while; every broker serves again");
        }
        return FLAPPING_TOPICS;
    }

    /**
     * The active controller crashes: SIGKILL of the quorum leader (KRaft, once every voter fetches) or of the broker
     * holding {@code /controller} (ZooKeeper mode). Returns as soon as the process is gone: the operator meets the
     * seconds in which it is still named, before the quorum (or ZooKeeper) moves on.
     */
    List<String> controllerCrash(List<QuorumObservation> reads) {
        QuorumState before = cluster.zooKeeperMode()
                ? sandbox.quickQuorum(reads).filter(QuorumState::hasLeader).orElseThrow(() -> new SandboxRefusal(
                        "no controller elected: the crash cannot be staged")) : awaitSettledLeader(reads);
        step("the active controller, " + (cluster.zooKeeperMode() ? "broker " : "controller ") + before.leaderId()
                + (before.leaderEpoch() >= 0 ? " (epoch " + before.leaderEpoch() + ")" : "") + ", crashes");
        cluster.killNode(before.leaderId());
        return List.of();
    }

    /**
     * A follower controller's disk dies: it is killed, its data deleted, formatted again ({@code
     * --no-initial-controllers} in a dynamic quorum) and started. In a dynamic quorum it then fetches as an
     * observer with a new directory id, and the voter set still holds its old directory: a three-voter quorum that
     * runs on two until someone replaces the voter.
     */
    List<String> controllerDiskLost() {
        QuorumState before = awaitSettledLeader(new ArrayList<>());
        int victim = before.voters().stream().mapToInt(QuorumReplica::id)
                .filter(id -> id != before.leaderId()).max().orElseThrow();
        step("controller " + victim + "'s disk dies; the host is formatted again"
                + (cluster.dynamicQuorum() ? " (--no-initial-controllers)" : "") + " and started");
        sandbox.loseDisk(victim);
        if (cluster.dynamicQuorum()) {
            sandbox.awaitCondition("controller " + victim + " fetching as an observer", () -> sandbox.quorum()
                    .map(q -> q.observers().stream().anyMatch(o -> o.id() == victim && o.lastFetchAgeMs() != null
                            && o.lastFetchAgeMs() < 2_000)).orElse(false));
        } else {
            sandbox.awaitCondition("a quorum leader", () -> sandbox.quorum().map(QuorumState::hasLeader)
                    .orElse(false));
        }
        return List.of();
    }

    /**
     * A dead JBOD disk: {@code shelf} (RF 2, six partitions spread over brokers 4-6) holds records; one of broker
     * 5's two log directories fails while it runs ({@link Sandbox#failDisk}). Broker 5 stays up and registered; the
     * replicas it held in that directory leave their ISRs.
     */
    List<String> diskFailed() {
        create("shelf", List.of(List.of(4, 5), List.of(5, 6), List.of(6, 4), List.of(4, 5), List.of(5, 6),
                List.of(6, 4)), Map.of());
        produce("shelf", 60, "all");
        step("a disk of broker 5 dies");
        sandbox.failDisk(5);
        // which replicas sat in the failed directory is Kafka's choice (it spreads new ones over both): wait for any
        sandbox.awaitCondition("a replica of broker 5 out of its ISR", () -> admin.snapshot(null, false).topics()
                .stream().flatMap(t -> t.partitions().stream())
                .anyMatch(s -> s.replicas().contains(5) && !s.isr().contains(5)));
        return List.of("shelf");
    }

    /**
     * A throttled reassignment: {@code archive} (one partition on broker 4) holds about 20 MB; both brokers' rates
     * are set to 10 kB/s, the partition's replicas throttled, and a reassignment to [4, 5] started. At that pace
     * broker 5's copy takes over half an hour: the move stays in flight while the operator looks.
     */
    List<String> slowMove() {
        create("archive", List.of(List.of(4)), Map.of());
        produceBytes("archive", 205, 100_000);
        step("someone starts moving archive-0 onto broker 5, throttled to 10 kB/s");
        var moves = admin.replicaMoves();
        moves.setBrokerRate(List.of(4, 5), 10_000);
        moves.setTopicThrottle(Map.of("archive", Map.of(ReplicaMoves.LEADER_REPLICAS, "0:4",
                ReplicaMoves.FOLLOWER_REPLICAS, "0:5")));
        moves.alter(Map.of(new PartitionSpec("archive", 0), List.of(4, 5)));
        sandbox.awaitCondition("archive-0 reassignment in flight", () -> moves.inFlight()
                .containsKey(new PartitionSpec("archive", 0)));
        return List.of();
    }

    /** {@code count} records of {@code size} random bytes each to partition 0 (acks=1). */
    private void produceBytes(String topic, int count, int size) {
        progress.accept("producing " + count + " records of " + size / 1000 + " kB to " + topic);
        // 20 MB in one go: more time than a small setup's records
        Properties p = setupProducer("1", 30_000, 120_000);
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");
        byte[] value = new byte[size];
        new java.util.Random(36).nextBytes(value);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p,
                new org.apache.kafka.common.serialization.ByteArraySerializer(),
                new org.apache.kafka.common.serialization.ByteArraySerializer())) {
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, 0, null, value));
            }
            producer.flush();
        }
    }

    /** Adds the brokers the cluster lists as fenced right now (a failed read adds nothing). */
    private void noteFenced(Set<Integer> fencedSeen) {
        try {
            admin.withTimeout(Duration.ofSeconds(2)).brokers().stream().filter(b -> b.fenced())
                    .forEach(b -> fencedSeen.add(b.id()));
        } catch (RuntimeException e) {
            // a broker read that fails during an election says nothing about fencing
        }
    }

    /** A leader whose followers are all fetching again: pausing it then makes a clean election, not a lost quorum. */
    private QuorumState awaitSettledLeader(List<QuorumObservation> reads) {
        QuorumState[] seen = new QuorumState[1];
        sandbox.awaitCondition("a quorum leader with every voter fetching", () -> {
            Optional<QuorumState> q = sandbox.quickQuorum(reads);
            seen[0] = q.orElse(null);
            return q.filter(QuorumState::hasLeader).map(s -> s.voters().stream().allMatch(v -> v.id() == s.leaderId()
                    || (v.lastFetchAgeMs() != null && v.lastFetchAgeMs() < 1_000))).orElse(false);
        });
        return seen[0];
    }

    private boolean survivorStillLeads() {
        try {
            QuorumState q = admin.withTimeout(Duration.ofSeconds(5)).quorum();
            return q.hasLeader() && cluster.node(q.leaderId()).state() == NodeInfo.State.RUNNING;
        } catch (RuntimeException e) {
            return false; // nobody answers for the quorum: that is the state to show
        }
    }

    /** Puts {@code __consumer_offsets} back to RF 3 (preferred leaders unchanged) and drops its min.isr. */
    static void restoreOffsetsTopic(SandboxTopicAdmin admin) {
        TopicState offsets = admin.snapshot(List.of(Sandbox.OFFSETS_TOPIC), false).topic(Sandbox.OFFSETS_TOPIC)
                .orElseThrow();
        Map<Integer, List<Integer>> rf3 = new HashMap<>();
        for (PartitionState p : offsets.partitions()) {
            List<Integer> replicas = new ArrayList<>(p.replicas());
            Sandbox.BROKERS.stream().filter(b -> !replicas.contains(b)).forEach(replicas::add);
            rf3.put(p.partition(), replicas);
        }
        admin.reassignAndWait(Sandbox.OFFSETS_TOPIC, rf3);
        admin.setTopicConfig(Sandbox.OFFSETS_TOPIC, "min.insync.replicas", null);
    }

    private boolean billingListed() {
        try {
            return admin.withTimeout(Duration.ofSeconds(5)).coordinatorClients().groups().stream()
                    .anyMatch(g -> g.groupId().equals(Sandbox.BILLING_GROUP));
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Kafka's group coordinator partition: {@code Utils.abs(groupId.hashCode()) % partitions}. */
    static int coordinatorPartition(String groupId, int partitions) {
        int h = groupId.hashCode();
        return (h == Integer.MIN_VALUE ? 0 : Math.abs(h)) % partitions;
    }

    private static int broker(int i) {
        return Sandbox.BROKERS.get(Math.floorMod(i, Sandbox.BROKERS.size()));
    }

    private boolean inSync(String topic) {
        return admin.snapshot(List.of(topic), false).topic(topic).orElseThrow().partitions().stream()
                .allMatch(p -> p.isr().size() == p.replicas().size());
    }

    void create(String topic, List<List<Integer>> replicas, Map<String, String> configs) {
        progress.accept("creating topic " + topic);
        admin.createTopicWithAssignment(topic, replicas, configs);
        // a just-created topic has no leaders for a moment
        sandbox.awaitCondition(topic + " has leaders", () -> admin.snapshot(List.of(topic), false).topic(topic)
                .map(t -> t.partitions().stream().allMatch(p -> p.leader() != null)).orElse(false));
    }

    /** Partition 0 of {@code topic}, as the cluster describes it now (the scenarios' topics are made before). */
    private PartitionState first(String topic) {
        return sandbox.partition(topic, 0).orElseThrow();
    }

    void step(String line) {
        progress.accept(line);
    }

    /**
     * A scenario's setup producer: the load producer's settings with its own client id, {@code acks} and deadlines
     * (a setup waits for its records, where the load producer gives up fast to show the failure).
     */
    private Properties setupProducer(String acks, int requestTimeoutMs, int deliveryTimeoutMs) {
        Properties p = LoadProducer.properties(cluster.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, acks);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "kshell-sandbox-setup");
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "15000");
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(requestTimeoutMs));
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, String.valueOf(deliveryTimeoutMs));
        return p;
    }

    /** Produces {@code count} records spread over the topic's partitions and waits for every acknowledgement. */
    void produce(String topic, int count, String acks) {
        progress.accept("producing " + count + " records to " + topic + " (acks=" + acks + ")");
        Properties p = setupProducer(acks, 10_000, 20_000);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            int partitions = producer.partitionsFor(topic).size();
            List<Future<RecordMetadata>> acksPending = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                acksPending.add(producer.send(new ProducerRecord<>(topic, i % partitions, "k" + i, "setup-" + i)));
            }
            for (Future<RecordMetadata> f : acksPending) {
                f.get(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("cancelled");
        } catch (Exception e) {
            throw new IllegalStateException("producing to " + topic + " failed: " + e.getMessage(), e);
        }
    }

    /** Consumes with {@code group} (a classic consumer) until {@code count} records arrived, then commits them. */
    void consumeAndCommit(String group, String topic, int count) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "kshell-sandbox-" + group);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            int seen = 0;
            while (seen < count && System.nanoTime() - deadline < 0) {
                seen += consumer.poll(Duration.ofMillis(500)).count();
                if (Thread.currentThread().isInterrupted()) {
                    throw new CancellationException("cancelled");
                }
            }
            if (seen < count) {
                throw new IllegalStateException("the " + group + " group read " + seen + " of " + count + " records within 60 s");
            }
            consumer.commitSync(Duration.ofSeconds(30));
        }
    }
}
