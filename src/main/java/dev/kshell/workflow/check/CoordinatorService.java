package dev.kshell.workflow.check;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.rules.CoordinatorHealth;
import dev.kshell.rules.CoordinatorReport;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.CoordinatorClients;
import dev.kshell.model.GroupInfo;
import dev.kshell.model.TransactionInfo;
import dev.kshell.connection.ShellSession;
import dev.kshell.util.DaemonThreads;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code coordinators}: consumer groups and transactional ids whose coordinator partition of __consumer_offsets /
 * __transaction_state is leaderless or under min ISR.
 *
 * <p>A group whose coordinator partition has no leader is listed by no broker (nobody coordinates it), so the
 * service also checks ids it saw listed earlier in this session for the same cluster, and any the operator names.
 * When groups or transactions cannot be read at all, the coordinator partitions are still judged and the result says
 * what is missing. The listing runs on this service's own thread while the topics are described; each cluster call
 * has the gateway's deadline, and an interrupt (Ctrl-C) cancels the listing.
 */
public final class CoordinatorService implements AutoCloseable {

    private final ShellSession session;
    private final ExecutorService executor = Executors.newCachedThreadPool(DaemonThreads.named("kshell-coordinators"));
    /** Per cluster id: group ids and transactional ids seen listed in this session. */
    private final Map<String, Set<String>> seenGroups = new ConcurrentHashMap<>();
    private final Map<String, Set<String>> seenTransactions = new ConcurrentHashMap<>();

    public CoordinatorService(ShellSession session) {
        this.session = session;
    }

    /** What the check found: how many groups and ids were judged, the report, and notes on what is missing. */
    public record Checked(int groups, int transactions, CoordinatorReport report, List<String> notes) {
    }

    /** Reads, merges with what this session saw and what the operator named, judges. */
    public Checked check(List<String> namedGroups, List<String> namedTransactions) throws InterruptedException {
        ClusterGateway gateway = session.requireGateway();
        // The listing and the snapshot do not depend on each other: read them at the same time.
        Future<CoordinatorClients> listing = executor.submit(() -> readClients(gateway));
        CoordinatorClients clients;
        ClusterSnapshot snapshot;
        try {
            snapshot = coordinatorTopics(gateway);
            clients = listing.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            listing.cancel(true);
        }
        String cluster = String.valueOf(snapshot.clusterId());
        List<String> notes = new ArrayList<>(clients.problems());
        List<GroupInfo> groups = mergeGroups(clients.groups(), cluster, namedGroups, notes);
        List<TransactionInfo> txns = mergeTransactions(clients.transactions(), cluster, namedTransactions, notes);
        return new Checked(groups.size(), txns.size(), CoordinatorHealth.check(snapshot, groups, txns), notes);
    }

    private static CoordinatorClients readClients(ClusterGateway gateway) {
        try {
            return gateway.coordinatorClients();
        } catch (ClusterException e) {
            return new CoordinatorClients(List.of(), List.of(),
                    List.of("groups and transactional ids could not be read: " + e.getMessage()));
        }
    }

    /** Only the two coordinator topics (with configs, for min.isr): a listTopics, then one describe. */
    private static ClusterSnapshot coordinatorTopics(ClusterGateway gateway) {
        Set<String> wanted = Set.of(CoordinatorHealth.GROUP_TOPIC, CoordinatorHealth.TRANSACTION_TOPIC);
        List<String> present = gateway.topicNames().stream().filter(wanted::contains).toList();
        return gateway.snapshot(present, true);
    }

    private List<GroupInfo> mergeGroups(List<GroupInfo> listed, String cluster, List<String> named, List<String> notes) {
        Map<String, GroupInfo> all = new LinkedHashMap<>();
        listed.forEach(g -> all.put(g.groupId(), g));
        Set<String> seen = seenGroups.computeIfAbsent(cluster, k -> ConcurrentHashMap.newKeySet());
        Set<String> vanished = new TreeSet<>();
        for (String id : seen) {
            if (!all.containsKey(id)) {
                vanished.add(id);
                all.put(id, new GroupInfo(id, null, null));
            }
        }
        named.forEach(id -> all.putIfAbsent(id, new GroupInfo(id, null, null)));
        listed.forEach(g -> seen.add(g.groupId()));
        if (!vanished.isEmpty()) {
            notes.add(vanishedNote(vanished.size(), "group", "deleted"));
        }
        return List.copyOf(all.values());
    }

    private List<TransactionInfo> mergeTransactions(List<TransactionInfo> listed, String cluster, List<String> named,
                                                    List<String> notes) {
        Map<String, TransactionInfo> all = new LinkedHashMap<>();
        listed.forEach(t -> all.put(t.transactionalId(), t));
        Set<String> seen = seenTransactions.computeIfAbsent(cluster, k -> ConcurrentHashMap.newKeySet());
        int vanished = 0;
        for (String id : seen) {
            if (!all.containsKey(id)) {
                vanished++;
                all.put(id, new TransactionInfo(id, null));
            }
        }
        named.forEach(id -> all.putIfAbsent(id, new TransactionInfo(id, null)));
        listed.forEach(t -> seen.add(t.transactionalId()));
        if (vanished > 0) {
            notes.add(vanishedNote(vanished, "transactional id", "expired"));
        }
        return List.copyOf(all.values());
    }

    /** "2 groups listed earlier in this session are not listed now (coordinator down, or deleted): ..." */
    private static String vanishedNote(int count, String what, String otherCause) {
        return count + " " + what + (count == 1 ? "" : "s") + " listed earlier in this session "
                + (count == 1 ? "is" : "are") + " not listed now (coordinator down, or " + otherCause + "): "
                + "checked by id, state unknown";
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
