package dev.kshell.cluster;

import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.TransactionsRead;
import org.apache.kafka.clients.admin.DescribeProducersOptions;
import org.apache.kafka.clients.admin.DescribeProducersResult;
import org.apache.kafka.clients.admin.DescribeTransactionsOptions;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.ListTransactionsResult;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Transactions as partitions' leaders (describeProducers) and coordinators (listTransactions, describeTransactions)
 * see them. A producer with an open transaction on a partition that no coordinator lists as ongoing there (its
 * markers were on records an unclean election lost) hangs for good and holds read_committed readers.
 */
final class AdminTransactions {

    /** Kafka's default transaction.max.timeout.ms (15 min): no transaction may stay open longer. */
    static final long TRANSACTION_MAX_TIMEOUT_MS = 900_000;

    /** The states of a transaction that is not finished. */
    private static final Set<TransactionState> OPEN = Set.of(TransactionState.ONGOING, TransactionState.PREPARE_COMMIT,
            TransactionState.PREPARE_ABORT, TransactionState.PREPARE_EPOCH_FENCE);

    private final AdminClientGateway gateway;

    AdminTransactions(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    /** Each partition's open transactions, oldest first, judged hanging or not (see {@link OpenTransactions.Open}). */
    Map<PartitionSpec, OpenTransactions> open(Collection<PartitionSpec> partitions, long nowMs) {
        Map<PartitionSpec, OpenTransactions> out = new LinkedHashMap<>();
        if (partitions.isEmpty()) {
            return out;
        }
        List<TopicPartition> tps = partitions.stream().map(AdminClientGroups::tp).toList();
        DescribeProducersResult result = gateway.admin().describeProducers(tps,
                new DescribeProducersOptions().timeoutMs(gateway.timeoutMs()));
        Map<PartitionSpec, List<ProducerState>> openByPartition = new LinkedHashMap<>();
        Set<Long> producerIds = new LinkedHashSet<>();
        for (PartitionSpec p : partitions) {
            try {
                List<ProducerState> open = gateway.await("describeProducers",
                                result.partitionResult(AdminClientGroups.tp(p))).activeProducers().stream()
                        .filter(s -> s.currentTransactionStartOffset().isPresent())
                        .sorted(Comparator.comparingLong(s -> s.currentTransactionStartOffset().getAsLong()))
                        .toList();
                openByPartition.put(p, open);
                open.forEach(s -> producerIds.add(s.producerId()));
            } catch (ClusterException e) {
                AdminClientGroups.rethrowIfNothingAnswers(e);
                out.put(p, OpenTransactions.unavailable(p, e.kind() == ClusterException.Kind.INVALID
                        ? "this cluster cannot list a partition's producers (describeProducers, Kafka 2.8+): "
                        + e.getMessage() : "describeProducers failed: " + e.getMessage()));
            }
        }
        Coordinators known = coordinators(producerIds);
        openByPartition.forEach((p, open) -> out.put(p, judge(p, open, known, nowMs)));
        return out;
    }

    /** What the coordinators say of these producers: transactional id and description, or why they were not asked. */
    private record Coordinators(Map<Long, String> idByProducer, Map<String, TransactionDescription> described,
                                String note) {
    }

    private Coordinators coordinators(Set<Long> producerIds) {
        Map<Long, String> idByProducer = new HashMap<>();
        Map<String, TransactionDescription> described = new HashMap<>();
        if (producerIds.isEmpty()) {
            return new Coordinators(idByProducer, described, null);
        }
        try {
            Collection<TransactionListing> listings = gateway.await("listTransactions", gateway.admin()
                    .listTransactions(new ListTransactionsOptions().filterProducerIds(producerIds)
                            .timeoutMs(gateway.timeoutMs())).all());
            listings.forEach(l -> idByProducer.put(l.producerId(), l.transactionalId()));
            if (!idByProducer.isEmpty()) {
                described.putAll(gateway.await("describeTransactions", gateway.admin().describeTransactions(
                        idByProducer.values(), new DescribeTransactionsOptions().timeoutMs(gateway.timeoutMs())).all()));
            }
            return new Coordinators(idByProducer, described, null);
        } catch (ClusterException | IllegalArgumentException e) {
            // Kafka 4.4's listTransactions can throw a bare IllegalArgumentException when a broker drops out
            // mid-call (docs/kafka-behaviour.md): judge by age alone then
            return new Coordinators(idByProducer, described, "the coordinators could not be asked ("
                    + e.getMessage() + "): judged by age alone");
        }
    }

    private static OpenTransactions judge(PartitionSpec p, List<ProducerState> open, Coordinators known, long nowMs) {
        TopicPartition tp = AdminClientGroups.tp(p);
        List<OpenTransactions.Open> out = new ArrayList<>();
        for (ProducerState s : open) {
            Long age = s.lastTimestamp() > 0 ? Math.max(0, nowMs - s.lastTimestamp()) : null;
            String txId = known.idByProducer().get(s.producerId());
            TransactionDescription d = txId == null ? null : known.described().get(txId);
            String state = d == null ? null : d.state().toString();
            boolean ongoingHere = d != null && d.producerId() == s.producerId() && d.topicPartitions().contains(tp)
                    && OPEN.contains(d.state());
            boolean tooOld = age != null && age > TRANSACTION_MAX_TIMEOUT_MS;
            boolean hanging = known.note() == null ? (!ongoingHere || tooOld) : tooOld;
            out.add(new OpenTransactions.Open(s.producerId(), s.producerEpoch(),
                    s.currentTransactionStartOffset().getAsLong(), age, txId, state, hanging,
                    s.coordinatorEpoch().isPresent() ? s.coordinatorEpoch().getAsInt() : null));
        }
        return open.isEmpty() ? new OpenTransactions(p, List.of(), null) : new OpenTransactions(p, out, known.note());
    }

    /** Every transactional id the coordinators list (broker by broker), the unfinished ones described. */
    TransactionsRead read() {
        ClusterCapabilities caps = gateway.capabilities();
        if (!caps.has(ClusterCapabilities.Feature.LIST_TRANSACTIONS)) {
            return new TransactionsRead(List.of(), 0, List.of(), caps.missing(ClusterCapabilities.Feature.LIST_TRANSACTIONS));
        }
        gateway.requireBrokers("list transactions");
        ListTransactionsResult listed = gateway.admin().listTransactions(
                new ListTransactionsOptions().timeoutMs(gateway.timeoutMs()));
        List<String> problems = new ArrayList<>();
        List<TransactionListing> all = new ArrayList<>();
        Map<Integer, KafkaFuture<Collection<TransactionListing>>> byBroker;
        try {
            byBroker = new TreeMap<>(gateway.await("listTransactions", listed.byBrokerId()));
        } catch (ClusterException e) {
            if (AdminClientGroups.unsupported(e)) {
                gateway.refused(ClusterCapabilities.Feature.LIST_TRANSACTIONS, "listTransactions refused as unsupported");
                return new TransactionsRead(List.of(), 0, List.of(), gateway.capabilities()
                        .missing(ClusterCapabilities.Feature.LIST_TRANSACTIONS));
            }
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ClusterException(ClusterException.Kind.FAILED, "listTransactions failed while the broker set "
                    + "was changing (Kafka admin client: " + e.getMessage() + ")", e);
        }
        byBroker.forEach((broker, future) -> {
            try {
                all.addAll(gateway.await("listTransactions", future));
            } catch (ClusterException e) {
                AdminClientGroups.rethrowIfNothingAnswers(e);
                problems.add("broker " + broker + " did not list its transactional ids: " + e.getMessage());
            }
        });
        List<String> open = all.stream().filter(t -> OPEN.contains(t.state())).map(TransactionListing::transactionalId)
                .distinct().sorted().toList();
        return new TransactionsRead(describe(open, problems), all.size(), problems, null);
    }

    private List<TransactionsRead.Transaction> describe(List<String> ids, List<String> problems) {
        List<TransactionsRead.Transaction> out = new ArrayList<>();
        if (ids.isEmpty()) {
            return out;
        }
        var result = gateway.admin().describeTransactions(ids,
                new DescribeTransactionsOptions().timeoutMs(gateway.timeoutMs()));
        for (String id : ids) {
            try {
                TransactionDescription d = gateway.await("describeTransactions", result.description(id));
                out.add(new TransactionsRead.Transaction(id, d.producerId(), d.producerEpoch(), d.state().toString(),
                        d.coordinatorId(), d.transactionStartTimeMs().isPresent()
                        ? d.transactionStartTimeMs().getAsLong() : null, d.transactionTimeoutMs(),
                        d.topicPartitions().stream().map(AdminClientGroups::spec)
                                .sorted(Comparator.comparing(PartitionSpec::name)).toList()));
            } catch (ClusterException e) {
                AdminClientGroups.rethrowIfNothingAnswers(e);
                problems.add("transactional id " + id + " could not be described: " + e.getMessage());
            }
        }
        return out;
    }
}
