package dev.kshell.rules.lint;

import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static dev.kshell.rules.lint.LintFixtures.cluster;
import static dev.kshell.rules.lint.LintFixtures.edit;
import static dev.kshell.rules.lint.LintFixtures.editAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.groups.Tuple.tuple;

@Timeout(60)
class ServerPropertiesLinterTest {

    private final ServerPropertiesLinter linter = new ServerPropertiesLinter();

    private LintReport lint(Map<String, String> files) {
        LintReport report = linter.lint(files);
        assertThat(report.findings()).allSatisfy(f -> {
            assertThat(f.fix()).as("fix of %s", f).isNotBlank();
            assertThat(f.message()).as("message of %s", f).isNotBlank();
        });
        return report;
    }

    private static Finding only(LintReport report, String rule) {
        List<Finding> matching = report.findings().stream().filter(f -> f.rule().equals(rule)).toList();
        assertThat(matching).as("findings %s in %s", rule, report.findings()).hasSize(1);
        return matching.get(0);
    }

    @Test
    void should_find_nothing_in_a_healthy_cluster() {
        LintReport report = lint(cluster());
        assertThat(report.findings()).isEmpty();
        assertThat(report.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(report.filesRead()).containsExactly("c1", "c2", "c3", "b4", "b5", "b6");
    }

    @Test
    void should_flag_a_controller_listening_on_another_port_than_its_voters_entry() {
        LintReport report = lint(edit(cluster(), "c2", "CONTROLLER://:9293", "CONTROLLER://:9393"));
        Finding f = only(report, "controller-port-mismatch");
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(f.where()).isEqualTo("c2:4");
        assertThat(f.fix()).isEqualTo("set listeners=CONTROLLER://:9293 to match controller.quorum.voters "
                + "2@localhost:9293");
        assertThat(report.exitCode()).isEqualTo(ExitCode.FINDINGS);
    }

    @Test
    void should_compare_the_advertised_controller_endpoint_when_there_is_one() {
        LintReport report = lint(edit(cluster(), "c1", "controller.listener.names",
                "advertised.listeners=CONTROLLER://localhost:9199\ncontroller.listener.names"));
        assertThat(only(report, "controller-port-mismatch").where()).isEqualTo("c1:5");
    }

    @Test
    void should_flag_a_controller_missing_from_the_voters() {
        Map<String, String> files = editAll(cluster(), ",3@localhost:9393", "");
        LintReport report = lint(files);
        Finding f = only(report, "controller-not-in-voters");
        assertThat(f.where()).isEqualTo("c3:3");
        assertThat(f.fix()).contains("3@localhost:9393");
    }

    @Test
    void should_flag_a_controller_missing_from_the_bootstrap_servers_of_a_dynamic_quorum() {
        Map<String, String> files = editAll(cluster(), "controller.quorum.voters=" + LintFixtures.VOTERS,
                "controller.quorum.bootstrap.servers=localhost:9193,localhost:9293,localhost:9393");
        assertThat(lint(files).findings()).isEmpty();
        edit(files, "c3", "CONTROLLER://:9393", "CONTROLLER://:9394");
        Finding f = only(lint(files), "controller-not-in-bootstrap-servers");
        assertThat(f.where()).isEqualTo("c3:4");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.fix()).contains("localhost:9394");
    }

    @Test
    void should_flag_a_node_that_sets_both_the_voters_and_the_bootstrap_servers() {
        Map<String, String> files = edit(cluster(), "c2", "controller.quorum.voters=",
                "controller.quorum.bootstrap.servers=localhost:9193,localhost:9293,localhost:9393\n"
                        + "controller.quorum.voters=");
        Finding f = only(lint(files), "voters-and-bootstrap-servers");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.where()).startsWith("c2:");
        assertThat(f.message()).contains("Kafka uses the voters list (a static quorum)");
    }

    @Test
    void should_flag_voters_lists_that_differ() {
        LintReport report = lint(edit(cluster(), "b4", "3@localhost:9393", "3@localhost:9394"));
        Finding f = only(report, "voters-differ");
        assertThat(f.where()).isEqualTo("b4:3");
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(f.fix()).isEqualTo("set controller.quorum.voters=" + LintFixtures.VOTERS);
    }

    @Test
    void should_not_flag_voters_that_differ_only_in_order_or_loopback_spelling() {
        LintReport report = lint(edit(cluster(), "b4", LintFixtures.VOTERS,
                "3@127.0.0.1:9393,2@localhost:9293, 1@LOCALHOST:9193"));
        assertThat(report.findings()).isEmpty();
    }

    @Test
    void should_flag_malformed_voters() {
        LintReport report = lint(edit(cluster(), "b4", "1@localhost:9193", "1@localhost"));
        assertThat(report.findings()).extracting(Finding::rule, Finding::where)
                .contains(tuple("voters-malformed", "b4:3"), tuple("voters-differ", "b4:3"));
    }

    @Test
    void should_flag_a_missing_quorum() {
        LintReport report = lint(edit(cluster(), "b5", "controller.quorum.voters=" + LintFixtures.VOTERS + "\n", ""));
        Finding f = only(report, "quorum-missing");
        assertThat(f.where()).isEqualTo("b5");
        assertThat(f.fix()).isEqualTo("add controller.quorum.voters=" + LintFixtures.VOTERS);
    }

    @Test
    void should_flag_a_broker_listed_as_voter() {
        Map<String, String> files = editAll(cluster(), LintFixtures.VOTERS, LintFixtures.VOTERS + ",4@localhost:9499");
        assertThat(only(lint(files), "broker-in-voters").where()).isEqualTo("b4:3");
    }

    @Test
    void should_flag_two_nodes_with_one_node_id() {
        LintReport report = lint(edit(cluster(), "b6", "node.id=6", "node.id=5"));
        Finding f = only(report, "duplicate-node-id");
        assertThat(f.where()).isEqualTo("b6:2");
        assertThat(f.message()).contains("b5:2");
        assertThat(f.fix()).isEqualTo("set node.id=6 (unique across the cluster)");
    }

    @Test
    void should_suggest_the_voter_id_for_a_controller_with_a_duplicate_id() {
        LintReport report = lint(edit(cluster(), "c2", "node.id=2", "node.id=1"));
        assertThat(only(report, "duplicate-node-id").fix()).isEqualTo("set node.id=2 (unique across the cluster)");
    }

    @Test
    void should_flag_two_nodes_binding_one_port_on_the_same_host() {
        LintReport report = lint(edit(cluster(), "b6", "listeners=PLAINTEXT://:9692", "listeners=PLAINTEXT://:9592"));
        Finding f = only(report, "duplicate-bind");
        assertThat(f.where()).isEqualTo("b6:4");
        assertThat(f.message()).contains("b5:4");
        assertThat(f.fix()).startsWith("set listeners=PLAINTEXT://:9692");
        assertThat(report.findings()).extracting(Finding::rule).contains("advertised-port-differs");
    }

    @Test
    void should_not_flag_the_same_port_on_different_hosts() {
        Map<String, String> files = cluster();
        for (int i = 4; i <= 6; i++) {
            edit(files, "b" + i, "PLAINTEXT://:9" + i + "92", "PLAINTEXT://:9092");
            edit(files, "b" + i, "PLAINTEXT://localhost:9" + i + "92", "PLAINTEXT://broker" + i + ".example:9092");
        }
        assertThat(lint(files).findings()).isEmpty();
    }

    @Test
    void should_flag_two_nodes_advertising_one_endpoint() {
        LintReport report = lint(edit(cluster(), "b6", "PLAINTEXT://localhost:9692", "PLAINTEXT://localhost:9592"));
        Finding f = only(report, "duplicate-advertised");
        assertThat(f.where()).isEqualTo("b6:5");
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(f.fix()).startsWith("set advertised.listeners=PLAINTEXT://localhost:9692");
    }

    @Test
    void should_flag_two_listeners_of_one_node_on_one_port() {
        LintReport report = lint(edit(cluster(), "b4", "listeners=PLAINTEXT://:9492",
                "listeners=PLAINTEXT://:9492,INTERNAL://:9492"));
        assertThat(report.findings()).extracting(Finding::rule, Finding::where)
                .contains(tuple("listener-port-reused", "b4:4"));
    }

    @Test
    void should_flag_missing_controller_listener_names() {
        LintReport report = lint(edit(cluster(), "b4", "controller.listener.names=CONTROLLER\n", ""));
        Finding f = only(report, "controller-listener-names-missing");
        assertThat(f.where()).isEqualTo("b4");
        assertThat(f.fix()).isEqualTo("set controller.listener.names=CONTROLLER");
    }

    @Test
    void should_flag_a_controller_listener_name_that_matches_no_listener() {
        LintReport report = lint(edit(cluster(), "c1", "controller.listener.names=CONTROLLER",
                "controller.listener.names=CTRL"));
        assertThat(report.findings()).extracting(Finding::rule, Finding::where)
                .contains(tuple("controller-listener-not-in-listeners", "c1:5"),
                        tuple("process-roles-listeners-mismatch", "c1:4"));
        assertThat(only(report, "controller-listener-not-in-listeners").fix())
                .isEqualTo("set listeners=CONTROLLER://:9193,CTRL://:9193");
    }

    @Test
    void should_flag_missing_process_roles_and_guess_them_from_the_listeners() {
        LintReport report = lint(edit(cluster(), "c1", "process.roles=controller\n", ""));
        Finding f = only(report, "process-roles-missing");
        assertThat(f.where()).isEqualTo("c1");
        assertThat(f.fix()).isEqualTo("add process.roles=controller");
    }

    @Test
    void should_flag_invalid_process_roles() {
        LintReport report = lint(edit(cluster(), "b4", "process.roles=broker", "process.roles=broker,controler"));
        assertThat(only(report, "process-roles-invalid").where()).isEqualTo("b4:1");
    }

    @Test
    void should_flag_a_broker_listening_on_the_controller_listener() {
        LintReport report = lint(edit(cluster(), "b4", "listeners=PLAINTEXT://:9492",
                "listeners=PLAINTEXT://:9492,CONTROLLER://:9499"));
        Finding f = only(report, "process-roles-listeners-mismatch");
        assertThat(f.where()).isEqualTo("b4:4");
        assertThat(f.fix()).contains("process.roles=broker,controller");
    }

    @Test
    void should_flag_a_controller_with_a_broker_listener() {
        LintReport report = lint(edit(cluster(), "c1", "listeners=CONTROLLER://:9193",
                "listeners=CONTROLLER://:9193,PLAINTEXT://:9092"));
        assertThat(only(report, "process-roles-listeners-mismatch").where()).isEqualTo("c1:4");
    }

    @Test
    void should_flag_an_inter_broker_listener_that_is_not_a_listener() {
        LintReport report = lint(edit(cluster(), "b4", "inter.broker.listener.name=PLAINTEXT",
                "inter.broker.listener.name=INTERNAL"));
        Finding f = only(report, "inter-broker-listener-unknown");
        assertThat(f.where()).isEqualTo("b4:7");
        assertThat(f.fix()).isEqualTo("set inter.broker.listener.name=PLAINTEXT");
    }

    @Test
    void should_flag_the_default_inter_broker_listener_when_no_listener_is_called_plaintext() {
        Map<String, String> files = edit(cluster(), "b4", "inter.broker.listener.name=PLAINTEXT\n",
                "listener.security.protocol.map=CONTROLLER:PLAINTEXT,INTERNAL:PLAINTEXT\n");
        editAll(files, "PLAINTEXT://", "INTERNAL://");
        LintReport report = lint(files);
        assertThat(report.findings()).extracting(Finding::rule, Finding::where)
                .contains(tuple("inter-broker-listener-unknown", "b4:4"));
    }

    @Test
    void should_flag_a_listener_without_security_protocol() {
        Map<String, String> files = cluster();
        editAll(files, "PLAINTEXT://", "INTERNAL://");
        editAll(files, "inter.broker.listener.name=PLAINTEXT", "inter.broker.listener.name=INTERNAL");
        LintReport report = lint(files);
        assertThat(report.findings()).extracting(Finding::rule, Finding::where)
                .containsOnly(tuple("listener-protocol-unknown", "b4:4"), tuple("listener-protocol-unknown", "b5:4"),
                        tuple("listener-protocol-unknown", "b6:4"));
        assertThat(report.findings().get(0).fix()).contains("INTERNAL:PLAINTEXT");
    }

    @Test
    void should_flag_malformed_and_unknown_advertised_listeners() {
        assertThat(only(lint(edit(cluster(), "b4", "listeners=PLAINTEXT://:9492", "listeners=PLAINTEXT//9492")),
                "listener-malformed").where()).isEqualTo("b4:4");
        assertThat(lint(edit(cluster(), "b4", "advertised.listeners=PLAINTEXT://localhost:9492",
                "advertised.listeners=EXTERNAL://localhost:9492")).findings())
                .extracting(Finding::rule, Finding::where).contains(tuple("advertised-listener-unknown", "b4:5"));
        assertThat(only(lint(edit(cluster(), "b4", "PLAINTEXT://localhost:9492", "PLAINTEXT://0.0.0.0:9492")),
                "advertised-host-invalid").where()).isEqualTo("b4:5");
    }

    @Test
    void should_warn_about_internal_topics_that_one_dead_broker_makes_unwritable() {
        LintReport report = lint(edit(cluster(), "b4", "inter.broker.listener.name=PLAINTEXT\n",
                "inter.broker.listener.name=PLAINTEXT\ntransaction.state.log.replication.factor=2\n"));
        Finding f = only(report, "internal-topic-not-fault-tolerant");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.where()).isEqualTo("b4:8");
        assertThat(f.message()).contains("__transaction_state");
        assertThat(f.fix()).startsWith("set transaction.state.log.replication.factor=3");
        assertThat(report.exitCode()).isEqualTo(ExitCode.FINDINGS);
    }

    @Test
    void should_take_min_insync_replicas_as_the_offsets_topic_min_isr() {
        LintReport report = lint(edit(cluster(), "b4", "inter.broker.listener.name=PLAINTEXT\n",
                "inter.broker.listener.name=PLAINTEXT\noffsets.topic.replication.factor=2\nmin.insync.replicas=2\n"
                        + "default.replication.factor=3\n"));
        Finding f = only(report, "internal-topic-not-fault-tolerant");
        assertThat(f.where()).isEqualTo("b4:8");
        assertThat(f.message()).contains("__consumer_offsets");
    }

    @Test
    void should_warn_about_an_offsets_topic_with_two_replicas_and_three_brokers_whatever_min_isr() {
        // The seed's advice: with 3 brokers the offsets topic gets 3 replicas (Kafka's default). RF 2 with min ISR 1
        // stays writable after one death, so the fault-tolerance rule is silent; this one is not.
        LintReport report = lint(edit(cluster(), "b4", "inter.broker.listener.name=PLAINTEXT\n",
                "inter.broker.listener.name=PLAINTEXT\noffsets.topic.replication.factor=2\n"));
        Finding f = only(report, "internal-topic-rf-low");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.where()).isEqualTo("b4:8");
        assertThat(f.message()).startsWith("__consumer_offsets: offsets.topic.replication.factor=2 with 3 brokers");
        assertThat(f.fix()).startsWith("set offsets.topic.replication.factor=3");
        assertThat(report.findings()).extracting(Finding::rule).containsOnly("internal-topic-rf-low");
    }

    @Test
    void should_want_only_as_many_internal_replicas_as_there_are_brokers() {
        // Two brokers: RF 2 is the most they can hold, so min(3, 2) = 2 is enough.
        Map<String, String> files = cluster();
        files.remove("b6");
        editAll(files, "inter.broker.listener.name=PLAINTEXT\n", "inter.broker.listener.name=PLAINTEXT\n"
                + "offsets.topic.replication.factor=2\ntransaction.state.log.replication.factor=2\n"
                + "transaction.state.log.min.isr=1\nshare.coordinator.state.topic.replication.factor=2\n"
                + "share.coordinator.state.topic.min.isr=1\n");
        assertThat(lint(files).findings()).extracting(Finding::rule).doesNotContain("internal-topic-rf-low");
        // One file alone says nothing about how many brokers the cluster has.
        assertThat(lint(Map.of("b4", files.get("b4"))).findings()).extracting(Finding::rule)
                .doesNotContain("internal-topic-rf-low");
    }

    @Test
    void should_flag_a_voter_that_no_file_of_the_set_defines() {
        Map<String, String> files = cluster();
        files.remove("c3");
        Finding f = only(lint(files), "voter-without-file");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.where()).isEqualTo("c1:3");
        assertThat(f.message()).contains("names 3@localhost:9393, but no file in this set has node.id=3")
                .contains("controller files define 1, 2");
        // Without any controller file the set is brokers only: nothing to compare the voters with.
        Map<String, String> brokers = cluster();
        brokers.keySet().removeIf(k -> k.startsWith("c"));
        assertThat(lint(brokers).findings()).extracting(Finding::rule).doesNotContain("voter-without-file");
    }

    @Test
    void should_flag_a_combined_node_among_dedicated_ones() {
        Map<String, String> files = edit(cluster(), "b4", "process.roles=broker\n",
                "process.roles=broker,controller\n");
        LintReport report = lint(files);
        assertThat(report.findings()).filteredOn(f -> f.rule().equals("process-roles-mixed"))
                .singleElement().satisfies(f -> {
                    assertThat(f.where()).isEqualTo("b4:1");
                    assertThat(f.message()).startsWith("node 4 runs process.roles=broker,controller (combined) while 5 other nodes");
                });
    }

    @Test
    void should_flag_internal_topics_the_brokers_cannot_hold() {
        Map<String, String> files = cluster();
        files.remove("b6");
        LintReport report = lint(files);
        assertThat(report.findings()).extracting(Finding::rule, Finding::where, Finding::severity).containsOnly(
                tuple("internal-topic-rf-exceeds-brokers", "b4", Severity.ERROR),
                tuple("internal-topic-rf-exceeds-brokers", "b5", Severity.ERROR));
        assertThat(report.findings()).hasSize(6).extracting(Finding::message)
                .anyMatch(m -> m.startsWith("__consumer_offsets: offsets.topic.replication.factor=3 (default) but "
                        + "these files define only 2 brokers"))
                .anyMatch(m -> m.startsWith("__transaction_state"))
                .anyMatch(m -> m.startsWith("__share_group_state"));
    }

    @Test
    void should_lower_min_isr_when_the_brokers_are_too_few_to_raise_rf() {
        Map<String, String> files = cluster();
        files.remove("b6");
        editAll(files, "inter.broker.listener.name=PLAINTEXT\n", "inter.broker.listener.name=PLAINTEXT\n"
                + "offsets.topic.replication.factor=2\ntransaction.state.log.replication.factor=2\n"
                + "share.coordinator.state.topic.replication.factor=2\n");
        LintReport report = lint(files);
        assertThat(report.findings()).filteredOn(f -> f.where().startsWith("b4"))
                .extracting(Finding::rule, Finding::fix).containsOnly(
                        tuple("internal-topic-not-fault-tolerant", "set transaction.state.log.min.isr=1 "
                                + "(only 2 brokers: RF cannot grow)"),
                        tuple("internal-topic-not-fault-tolerant", "set share.coordinator.state.topic.min.isr=1 "
                                + "(only 2 brokers: RF cannot grow)"));
    }

    @Test
    void should_flag_a_min_isr_above_the_replication_factor() {
        LintReport report = lint(edit(cluster(), "b4", "inter.broker.listener.name=PLAINTEXT\n",
                "inter.broker.listener.name=PLAINTEXT\ntransaction.state.log.min.isr=4\n"));
        Finding f = only(report, "internal-topic-never-writable");
        assertThat(f.where()).isEqualTo("b4:8");
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
    }

    @Test
    void should_flag_a_non_numeric_replication_factor_once() {
        LintReport report = lint(edit(cluster(), "b4", "inter.broker.listener.name=PLAINTEXT\n",
                "inter.broker.listener.name=PLAINTEXT\nmin.insync.replicas=two\n"));
        assertThat(only(report, "invalid-value").where()).isEqualTo("b4:8");
    }

    @Test
    void should_warn_when_unclean_leader_election_is_on() {
        LintReport report = lint(edit(cluster(), "c1", "controller.listener.names=CONTROLLER\n",
                "controller.listener.names=CONTROLLER\nunclean.leader.election.enable=true\n"));
        Finding f = only(report, "unclean-leader-election-enabled");
        assertThat(f.where()).isEqualTo("c1:6");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.fix()).startsWith("set unclean.leader.election.enable=false");
    }

    @Test
    void should_hint_did_you_mean_for_unknown_keys() {
        LintReport report = lint(edit(cluster(), "b4", "inter.broker.listener.name=PLAINTEXT\n",
                "inter.broker.listener.name=PLAINTEXT\nlog.retention.hour=168\nzookeeper.connect=zk:2181\n"
                        + "LOG_DIRS=/data\nsuper.users=User:admin\nlistener.name.plaintext.foo=bar\n"
                        + "ssl.custom.thing=1\nfrobnicate.widgets=yes\n"));
        assertThat(report.findings()).extracting(Finding::rule, Finding::where, Finding::severity).containsExactly(
                tuple("unknown-key", "b4:8", Severity.INFO),
                tuple("unknown-key", "b4:9", Severity.INFO),
                tuple("unknown-key", "b4:10", Severity.INFO),
                tuple("unknown-key", "b4:14", Severity.INFO));
        assertThat(report.findings().get(0).message()).contains("did you mean log.retention.hours?");
        assertThat(report.findings().get(0).fix()).isEqualTo("rename it: log.retention.hours=168");
        assertThat(report.findings().get(1).message()).contains("ZooKeeper");
        assertThat(report.findings().get(2).message()).contains("did you mean log.dirs?");
        assertThat(report.findings().get(3).message()).doesNotContain("did you mean");
        assertThat(report.exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void should_report_duplicate_keys_from_the_reader() {
        LintReport report = lint(edit(cluster(), "b4", "inter.broker.listener.name=PLAINTEXT\n",
                "inter.broker.listener.name=PLAINTEXT\nnode.id=4\n"));
        Finding f = only(report, "duplicate-key");
        assertThat(f.where()).isEqualTo("b4:8");
        assertThat(report.exitCode()).isEqualTo(ExitCode.FINDINGS);
    }

    @Test
    void should_report_unreadable_files_as_errors_and_exit_2(@TempDir Path dir) throws IOException {
        List<Path> paths = new ArrayList<>();
        for (Map.Entry<String, String> e : cluster().entrySet()) {
            Path p = dir.resolve(e.getKey() + ".properties");
            Files.writeString(p, e.getValue());
            paths.add(p);
        }
        Path missing = dir.resolve("missing.properties");
        paths.add(missing);
        paths.add(dir);
        LintReport report = linter.lint(paths);
        assertThat(report.unreadable()).containsExactly(missing.toString(), dir.toString());
        assertThat(report.findings()).extracting(Finding::rule, Finding::where).containsExactly(
                tuple("unreadable-file", missing.toString()), tuple("unreadable-file", dir.toString()));
        assertThat(report.findings().get(0).message()).isEqualTo(missing + " no such file");
        assertThat(report.filesRead()).hasSize(6);
        assertThat(report.exitCode()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void should_report_an_empty_file() {
        Map<String, String> files = cluster();
        files.put("empty", "# nothing here\n\n");
        assertThat(only(lint(files), "empty-file").where()).isEqualTo("empty");
    }

    @Test
    void should_report_a_malformed_escape_cleanly() {
        LintReport report = lint(edit(cluster(), "b4", "inter.broker.listener.name=PLAINTEXT\n",
                "inter.broker.listener.name=PLAINTEXT\nlog.dirs=C:\\users\\kafka\n"));
        assertThat(only(report, "malformed-escape").where()).isEqualTo("b4:8");
    }

    @Test
    void should_sort_findings_by_file_order_then_line_and_count_them() {
        Map<String, String> files = edit(cluster(), "b6", "node.id=6", "node.id=5");
        edit(files, "c1", "controller.listener.names=CONTROLLER\n",
                "controller.listener.names=CONTROLLER\nunclean.leader.election.enable=true\nfoo.bar=1\n");
        LintReport report = lint(files);
        assertThat(report.findings()).extracting(Finding::where).containsExactly("c1:6", "c1:7", "b6:2");
        assertThat(report.counts()).containsEntry(Severity.ERROR, 1).containsEntry(Severity.WARNING, 1)
                .containsEntry(Severity.INFO, 1).containsEntry(Severity.CRITICAL, 0);
        assertThat(report.worst()).contains(Severity.ERROR);
    }

    @Test
    void should_only_warn_about_replication_for_kafkas_single_node_quickstart() {
        // The shape of Kafka 4's config/server.properties: one combined node, dynamic quorum, RF 1 everywhere.
        String quickstart = """
                process.roles=broker,controller
                node.id=1
                controller.quorum.bootstrap.servers=localhost:9093
                listeners=PLAINTEXT://:9092,CONTROLLER://:9093
                inter.broker.listener.name=PLAINTEXT
                advertised.listeners=PLAINTEXT://localhost:9092,CONTROLLER://localhost:9093
                controller.listener.names=CONTROLLER
                listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SSL:SSL
                log.dirs=/tmp/kraft-combined-logs
                offsets.topic.replication.factor=1
                share.coordinator.state.topic.replication.factor=1
                share.coordinator.state.topic.min.isr=1
                transaction.state.log.replication.factor=1
                transaction.state.log.min.isr=1
                """;
        LintReport report = lint(Map.of("server.properties", quickstart));
        assertThat(report.findings()).extracting(Finding::rule, Finding::where).containsExactly(
                tuple("internal-topic-not-fault-tolerant", "server.properties:10"),
                tuple("internal-topic-not-fault-tolerant", "server.properties:11"),
                tuple("internal-topic-not-fault-tolerant", "server.properties:13"));
        assertThat(report.findings().get(0).fix()).startsWith("set offsets.topic.replication.factor=2 (3 with "
                + "min.insync.replicas=2 is the usual production setting)");
    }

    @Test
    void should_never_throw_on_random_files(@TempDir Path dir) throws IOException {
        Random random = new Random(11);
        String[] pieces = {"process.roles=", "broker", "controller", ",", "node.id=", "1", "-3", "x",
                "listeners=", "CONTROLLER://", "PLAINTEXT://", "localhost", ":", "9093", "[::1]",
                "controller.quorum.voters=", "@", "controller.quorum.bootstrap.servers=",
                "controller.listener.names=", "advertised.listeners=", "inter.broker.listener.name=",
                "listener.security.protocol.map=", "offsets.topic.replication.factor=", "min.insync.replicas=",
                "\n", "\n", "\\", "\\u", "#", "=", " ", "0.0.0.0", "99999999999"};
        for (int round = 0; round < 200; round++) {
            List<Path> paths = new ArrayList<>();
            for (int file = 0; file < 1 + random.nextInt(5); file++) {
                Path p = dir.resolve("r" + round + "-" + file + ".properties");
                if (random.nextInt(4) == 0) {
                    byte[] bytes = new byte[random.nextInt(200)];
                    random.nextBytes(bytes);
                    Files.write(p, bytes);
                } else {
                    StringBuilder sb = new StringBuilder();
                    for (int i = 0; i < random.nextInt(60); i++) {
                        sb.append(pieces[random.nextInt(pieces.length)]);
                    }
                    Files.writeString(p, sb);
                }
                paths.add(p);
            }
            assertThatCode(() -> linter.lint(paths)).as("round %d", round).doesNotThrowAnyException();
        }
    }
}
