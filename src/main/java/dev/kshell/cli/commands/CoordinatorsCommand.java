package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.diagnosis.CoordinatorHealth;
import dev.kshell.diagnosis.CoordinatorReport;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.CoordinatorClients;
import dev.kshell.model.ExitCode;
import dev.kshell.model.GroupInfo;
import dev.kshell.model.TransactionInfo;
import dev.kshell.render.DiagnosisTables;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code coordinators}: consumer groups and transactional ids whose coordinator partition of __consumer_offsets /
 * __transaction_state is leaderless or under min ISR.
 *
 * <p>A group whose coordinator partition has no leader is listed by no broker (nobody coordinates it), so the
 * command also checks ids it saw listed earlier in this session for the same cluster, and any the operator names
 * with {@code --group} / {@code --transactional-id}. When groups or transactions cannot be read at all, the
 * coordinator partitions are still judged and the output says what is missing.
 */
@Component
public class CoordinatorsCommand extends KshellCommand {

    static final Opt<String> GROUP = Opt.text("group", ArgKind.GROUP,
            "also check this group id (repeatable); needed for groups no broker lists any more").hint("ID").repeatable();
    static final Opt<String> TRANSACTIONAL_ID = Opt.text("transactional-id",
            "also check this transactional id (repeatable)").hint("ID").repeatable();

    private final ShellSession session;
    /** Per cluster id: group ids and transactional ids seen listed in this session. */
    private final Map<String, Set<String>> seenGroups = new ConcurrentHashMap<>();
    private final Map<String, Set<String>> seenTransactions = new ConcurrentHashMap<>();

    public CoordinatorsCommand(ShellSession session) {
        super(CommandSpec.named("coordinators").group(Group.DIAGNOSIS)
                .description("Consumer groups and transactional ids whose coordinator partition is leaderless or under min ISR")
                .options(GROUP, TRANSACTIONAL_ID).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("coordinators", "coordinators --group payments-consumer", "coordinators --output json"));
        this.session = session;
    }

    @Override
    public ExitCode run(Invocation inv) {
        ClusterGateway gateway = session.requireGateway();
        // The listing and the snapshot do not depend on each other: read them at the same time.
        CompletableFuture<CoordinatorClients> clientsFuture = CompletableFuture.supplyAsync(() -> readClients(gateway));
        ClusterSnapshot snapshot = coordinatorTopics(gateway);
        CoordinatorClients clients;
        try {
            clients = clientsFuture.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
        String cluster = String.valueOf(snapshot.clusterId());
        List<String> notes = new ArrayList<>(clients.problems());
        List<GroupInfo> groups = mergeGroups(clients.groups(), cluster, inv.all(GROUP), notes);
        List<TransactionInfo> txns = mergeTransactions(clients.transactions(), cluster,
                inv.all(TRANSACTIONAL_ID), notes);
        CoordinatorReport report = CoordinatorHealth.check(snapshot, groups, txns);
        DiagnosisTables.CoordinatorsView view = DiagnosisTables.CoordinatorsView.of(groups.size(), txns.size(),
                report, notes);
        inv.emit(view, () -> DiagnosisTables.coordinators(view, inv.output().width(), inv.output().color()));
        return view.partitions().isEmpty() && view.notes().isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
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

    private List<GroupInfo> mergeGroups(List<GroupInfo> listed, String cluster, List<String> named,
                                        List<String> notes) {
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
        for (String id : named) {
            all.putIfAbsent(id, new GroupInfo(id, null, null));
        }
        listed.forEach(g -> seen.add(g.groupId()));
        if (!vanished.isEmpty()) {
            notes.add(DiagnosisTables.plural(vanished.size(), "group") + " listed earlier in this session "
                    + (vanished.size() == 1 ? "is" : "are") + " not listed now (coordinator down, or deleted): "
                    + "checked by id, state unknown");
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
        for (String id : named) {
            all.putIfAbsent(id, new TransactionInfo(id, null));
        }
        listed.forEach(t -> seen.add(t.transactionalId()));
        if (vanished > 0) {
            notes.add(DiagnosisTables.plural(vanished, "transactional id") + " listed earlier in this session "
                    + (vanished == 1 ? "is" : "are") + " not listed now (coordinator down, or expired): "
                    + "checked by id, state unknown");
        }
        return List.copyOf(all.values());
    }
}
