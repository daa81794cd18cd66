package dev.kshell.cluster;

import dev.kshell.model.CoordinatorClients;
import dev.kshell.model.GroupInfo;
import dev.kshell.model.TransactionInfo;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.DescribeConsumerGroupsOptions;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.ListGroupsResult;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.ListTransactionsResult;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.KafkaFuture;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import dev.kshell.model.ClusterCapabilities;
import org.apache.kafka.common.errors.UnsupportedVersionException;

/**
 * Reads groups and transactional ids for {@code coordinators}: listGroups and listTransactions go out together
 * (each asks every live broker for the groups / transactional ids it coordinates), then describeConsumerGroups for
 * member counts. Every broker's answer is kept on its own, so a dead or slow broker costs its part only.
 *
 * <p>A group whose coordinator partition is leaderless is listed by no broker (nobody coordinates it): the caller
 * has to know such ids from elsewhere (an earlier listing, or the operator).
 */
final class AdminGroups {

    private final AdminClientGateway gateway;

    AdminGroups(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    /**
     * {@link AdminClientGateway#await}, plus: Kafka 4.4.0's all-brokers lookups (listTransactions) fail with a bare
     * IllegalArgumentException ("Unexpected key set: [BrokerKey(...)]") when a broker drops out mid-call (seen in
     * our integration test right after a kill). Here that is one broker not answering, not a defect of ours.
     */
    private <T> T read(String operation, KafkaFuture<T> future) {
        try {
            return gateway.await(operation, future);
        } catch (ClusterException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ClusterException(ClusterException.Kind.FAILED, operation + " failed while the broker set was "
                    + "changing (Kafka admin client: " + e.getMessage() + ")", e);
        }
    }

    private String message(Throwable error) {
        try {
            return KafkaErrors.translateCause(gateway.target(), "listGroups", error).getMessage();
        } catch (RuntimeException notKafka) {
            return String.valueOf(error.getMessage());
        }
    }

    CoordinatorClients read() {
        int timeoutMs = gateway.timeoutMs();
        // Both listings in flight at once: one deadline for the pair, not two.
        ListGroupsResult groupsResult = gateway.admin().listGroups(new ListGroupsOptions().timeoutMs(timeoutMs));
        // listTransactions only where the cluster offers it (KIP-664, Kafka 3.0+): a missing feature is a note
        ClusterCapabilities caps = gateway.capabilities();
        boolean listTxns = caps.has(ClusterCapabilities.Feature.LIST_TRANSACTIONS);
        ListTransactionsResult txnResult = listTxns ? gateway.admin()
                .listTransactions(new ListTransactionsOptions().timeoutMs(timeoutMs)) : null;
        List<String> problems = new ArrayList<>();
        if (!listTxns) {
            problems.add("transactional ids: " + caps.missing(ClusterCapabilities.Feature.LIST_TRANSACTIONS));
        }

        ClusterException groupFailure = null;
        List<GroupListing> listed = List.of();
        try {
            listed = List.copyOf(read("listGroups", groupsResult.valid()));
            for (Throwable error : read("listGroups", groupsResult.errors())) {
                problems.add("a broker did not list its groups: " + message(error));
            }
        } catch (ClusterException e) {
            groupFailure = e;
            problems.add("groups could not be listed: " + e.getMessage());
        }

        ClusterException txnFailure = null;
        List<TransactionInfo> transactions = new ArrayList<>();
        if (txnResult != null) try {
            Map<Integer, KafkaFuture<Collection<TransactionListing>>> byBroker =
                    new TreeMap<>(read("listTransactions", txnResult.byBrokerId()));
            for (Map.Entry<Integer, KafkaFuture<Collection<TransactionListing>>> e : byBroker.entrySet()) {
                try {
                    for (TransactionListing t : read("listTransactions", e.getValue())) {
                        transactions.add(new TransactionInfo(t.transactionalId(), t.state().toString()));
                    }
                } catch (ClusterException failure) {
                    problems.add("broker " + e.getKey() + " did not list its transactional ids: " + failure.getMessage());
                }
            }
        } catch (ClusterException e) {
            if (e.getCause() instanceof UnsupportedVersionException) {
                gateway.refused(ClusterCapabilities.Feature.LIST_TRANSACTIONS,
                        "listTransactions refused as unsupported");
                problems.add("transactional ids: " + gateway.capabilities()
                        .missing(ClusterCapabilities.Feature.LIST_TRANSACTIONS));
            } else {
                txnFailure = e;
                problems.add("transactional ids could not be listed: " + e.getMessage());
            }
        }
        if (groupFailure != null && txnFailure != null) {
            throw groupFailure;
        }
        transactions.sort(Comparator.comparing(TransactionInfo::transactionalId));
        return new CoordinatorClients(describe(listed, problems), transactions, problems);
    }

    /** State from the listing; member counts from describeConsumerGroups (consumer and classic groups only). */
    private List<GroupInfo> describe(List<GroupListing> listed, List<String> problems) {
        List<String> describable = listed.stream()
                .filter(g -> g.type().map(t -> t == GroupType.CONSUMER || t == GroupType.CLASSIC).orElse(true))
                .map(GroupListing::groupId).toList();
        Map<String, KafkaFuture<ConsumerGroupDescription>> futures = describable.isEmpty() ? Map.of()
                : gateway.admin().describeConsumerGroups(describable,
                        new DescribeConsumerGroupsOptions().timeoutMs(gateway.timeoutMs())).describedGroups();
        Map<String, ConsumerGroupDescription> described = new HashMap<>();
        int failed = 0;
        String firstFailure = null;
        for (Map.Entry<String, KafkaFuture<ConsumerGroupDescription>> e : futures.entrySet()) {
            try {
                described.put(e.getKey(), read("describeConsumerGroups", e.getValue()));
            } catch (ClusterException failure) {
                failed++;
                if (firstFailure == null) {
                    firstFailure = e.getKey() + ": " + failure.getMessage();
                }
            }
        }
        if (failed > 0) {
            problems.add(failed + " group" + (failed == 1 ? "" : "s") + " could not be described (member count "
                    + "unknown), e.g. " + firstFailure);
        }
        List<GroupInfo> out = new ArrayList<>();
        for (GroupListing g : listed) {
            ConsumerGroupDescription d = described.get(g.groupId());
            String state = d != null && d.groupState() != null ? d.groupState().toString()
                    : g.groupState().map(Object::toString).orElse(null);
            out.add(new GroupInfo(g.groupId(), state, d == null ? null : d.members().size()));
        }
        out.sort(Comparator.comparing(GroupInfo::groupId));
        return out;
    }
}
