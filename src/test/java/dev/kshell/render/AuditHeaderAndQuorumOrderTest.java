package dev.kshell.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.rules.ClusterConfigRisks;
import dev.kshell.rules.ConfigRiskReport;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.util.regex.Pattern;

/** Two small things seen at the terminal: the audit header's bootstrap list, the order of quorum observers. */
@Timeout(10)
class AuditHeaderAndQuorumOrderTest {

    private static final String BOOTSTRAP = "127.0.0.1:36281,127.0.0.1:33945,127.0.0.1:32825";

    @Test
    void should_print_the_bootstrap_list_once_when_the_connection_has_no_profile_name() {
        // Without a profile the connection's name is its bootstrap list.
        String out = FindingTables.configRisks(new ConfigRiskReport(List.of(
                new ClusterConfigRisks(BOOTSTRAP, BOOTSTRAP, "J2n5ZN9KTFmvWmqwLG096Q", 3, List.of(), null))), 200, false);
        assertThat(out).startsWith("cluster id J2n5ZN9KTFmvWmqwLG096Q  via " + BOOTSTRAP + "  3 live brokers\n");
        assertThat(out.split(Pattern.quote(BOOTSTRAP), -1)).hasSize(2);
        String failed = FindingTables.configRisks(new ConfigRiskReport(List.of(
                ClusterConfigRisks.failed(BOOTSTRAP, BOOTSTRAP, "no answer"))), 200, false);
        assertThat(failed).startsWith("cluster " + BOOTSTRAP + " not audited: no answer");
    }

    @Test
    void should_keep_a_profile_name_beside_the_endpoints() {
        String out = FindingTables.configRisks(new ConfigRiskReport(List.of(
                new ClusterConfigRisks("prod-eu", BOOTSTRAP, "q1Sh", 3, List.of(), null))), 200, false);
        assertThat(out).startsWith("cluster prod-eu  id q1Sh  via " + BOOTSTRAP + "  3 live brokers\n");
    }

    @Test
    void should_list_quorum_observers_by_id() {
        List<QuorumReplica> voters = List.of(new QuorumReplica(1, 42, 0L, 0L, 0L), new QuorumReplica(2, 42, 0L, 5L, 5L),
                new QuorumReplica(3, 42, 0L, 5L, 5L));
        List<QuorumReplica> observers = List.of(new QuorumReplica(6, 42, 0L, 5L, 5L),
                new QuorumReplica(5, 42, 0L, 5L, 5L), new QuorumReplica(4, 42, 0L, 5L, 5L));
        StateViews.QuorumView view = StateViews.quorum(new QuorumState(1, 1, 42, voters, observers));
        assertThat(view.observers()).extracting(StateViews.QuorumReplicaView::id).containsExactly(4, 5, 6);
    }
}
