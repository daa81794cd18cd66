package dev.kshell.cli;

import dev.kshell.cli.commands.ConnectCommand;
import dev.kshell.cli.commands.DescribeCommand;
import dev.kshell.cli.commands.ExplainCommand;
import dev.kshell.cli.commands.HelpCommand;
import dev.kshell.cli.commands.TopicsCommand;
import dev.kshell.cli.commands.WatchCommand;
import dev.kshell.cli.commands.CompleteCommand;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.TopicState;
import dev.kshell.session.DefaultConnectionResolver;
import dev.kshell.session.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.jline.reader.Candidate;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.reader.impl.DefaultParser;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Completion without a terminal: JLine's parser in COMPLETE mode, then the completer, as the line editor calls it. */
@Timeout(20)
class KshellCompleterTest {

    @TempDir
    Path home;

    private FakeGateway gateway;
    private ShellSession session;
    private CommandLineParser parser;
    private KshellCompleter completer;
    private int nudges;

    @BeforeEach
    void setUp() throws IOException {
        gateway = new FakeGateway(UxFixtures.incident());
        session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "seed", null);
        session.remember(UxFixtures.incident());
        List<KshellCommand> commands = new ArrayList<>(List.of(new DescribeCommand(session), new TopicsCommand(session),
                new ConnectCommand(session, new DefaultConnectionResolver(home)), new ExplainCommand(),
                new WatchCommand(UxFixtures.provider(() -> null)), new CompleteCommand(session, UxFixtures.provider(() -> null))));
        commands.addAll(UxFixtures.othersCommands());
        List<KshellCommand> all = new ArrayList<>(commands);
        all.add(new HelpCommand(UxFixtures.provider(() -> CommandLineParser.forCommands(commands))));
        parser = CommandLineParser.forCommands(all);
        completer = new KshellCompleter(parser, session, () -> home, () -> nudges++);
        Files.writeString(home.resolve("profiles.yaml"), """
                prod-eu:
                  bootstrap-servers: kafka-1.eu:9092
                prod-us:
                  bootstrap-servers: kafka-1.us:9092
                staging:
                  bootstrap-controllers: ctl-1.stg:9093
                """);
    }

    private List<String> complete(String line) {
        ParsedLine parsed = new DefaultParser().parse(line, line.length(), Parser.ParseContext.COMPLETE);
        List<Candidate> candidates = new ArrayList<>();
        completer.complete(null, parsed, candidates);
        return candidates.stream().map(Candidate::value).distinct().toList();
    }

    @Test
    void should_offer_visible_command_names_and_never_hidden_ones() {
        assertThat(complete("")).contains("describe", "elect", "sandbox", "watch", "explain", "run", "lint")
                .doesNotContain("__complete");
        assertThat(complete("el")).containsExactly("elect");
        assertThat(complete("elect ")).containsExactlyInAnyOrder("unclean", "preferred", "restore-order");
        assertThat(complete("sandbox k")).containsExactly("kill-broker");
    }

    @Test
    void should_complete_topic_names_from_the_cached_snapshot_without_calling_the_cluster() {
        assertThat(complete("describe or")).containsExactly("orders", "orders-eu");
        assertThat(complete("elect preferred --topic ")).containsExactly("orders");
        assertThat(complete("describe --output ")).containsExactly("table", "json");
        assertThat(gateway.calls).isZero();
        assertThat(nudges).isPositive();
    }

    @Test
    void should_complete_options_when_a_dash_is_typed() {
        assertThat(complete("topics --")).contains("--pattern", "--no-internal", "--output", "--timeout")
                .doesNotContain("--help");
        assertThat(complete("topics --pattern x --")).doesNotContain("--pattern");
        assertThat(complete("describe --topic=or")).isEmpty(); // describe has no --topic
        assertThat(complete("elect preferred --topic=or")).containsExactly("--topic=orders");
    }

    @Test
    void should_offer_only_unclean_only_partitions_after_elect_unclean() {
        assertThat(complete("elect unclean ")).containsExactly("audit-log-0");
        assertThat(complete("elect unclean audit-log-0 --dry-run ")).isEmpty(); // not offered twice
    }

    @Test
    void should_offer_only_partitions_off_their_preferred_leader_after_elect_preferred() {
        assertThat(complete("elect preferred ")).containsExactly("orders-1");
    }

    @Test
    void should_offer_every_partition_where_a_command_takes_partitions() {
        assertThat(complete("elect restore-order orders")).containsExactly("orders-0", "orders-1", "orders-eu-0");
    }

    @Test
    void should_complete_large_partition_lists_topic_first() {
        session.remember(UxFixtures.snapshot(List.of(UxFixtures.big("big", 300), UxFixtures.big("bigger", 300))));
        assertThat(complete("elect restore-order b")).containsExactly("big-", "bigger-");
        assertThat(complete("elect restore-order big-1")).hasSize(1 + 10 + 100).contains("big-1", "big-19", "big-199");
        assertThat(complete("elect restore-order bigger-29")).containsExactly("bigger-29", "bigger-290", "bigger-291",
                "bigger-292", "bigger-293", "bigger-294", "bigger-295", "bigger-296", "bigger-297", "bigger-298", "bigger-299");
    }

    @Test
    void should_offer_live_brokers_to_kill_any_broker_to_start_and_voters_to_stop() {
        assertThat(complete("sandbox kill-broker ")).containsExactly("4", "6");
        assertThat(complete("sandbox start-broker ")).containsExactly("4", "5", "6");
        assertThat(complete("sandbox stop-controller ")).containsExactly("1", "2", "3");
    }

    @Test
    void should_complete_profile_names_for_connect_and_profile_option() {
        assertThat(complete("connect ")).containsExactly("prod-eu", "prod-us", "staging");
        assertThat(complete("connect --profile prod")).containsExactly("prod-eu", "prod-us");
    }

    @Test
    void should_complete_ksh_files_for_run_and_any_file_for_lint() throws IOException {
        Path dir = Files.createDirectories(home.resolve("books"));
        Files.writeString(dir.resolve("fix.ksh"), "quorum\n");
        Files.writeString(dir.resolve("server.properties"), "node.id=1\n");
        Files.createDirectories(dir.resolve("more"));
        String prefix = dir + "/";
        assertThat(complete("run " + prefix)).containsExactly(prefix + "fix.ksh", prefix + "more/");
        assertThat(complete("lint " + prefix)).containsExactly(prefix + "fix.ksh", prefix + "more/", prefix + "server.properties");
        assertThat(complete("run " + prefix + "fix.ksh --transcript " + prefix + "s")).containsExactly(prefix + "server.properties");
    }

    @Test
    void should_complete_config_keys_where_a_command_takes_them() {
        assertThat(complete("alter orders --config min.insync")).contains("min.insync.replicas");
        assertThat(complete("alter orders --config unclean.leader")).contains("unclean.leader.election.enable");
    }

    @Test
    void should_complete_the_watched_command_as_itself_and_offer_only_read_commands() {
        assertThat(complete("watch ")).contains("describe", "topics").doesNotContain("elect", "run", "watch", "connect");
        assertThat(complete("watch --interval ")).contains("5s");
        assertThat(complete("watch --interval 2s describe or")).containsExactly("orders", "orders-eu");
        assertThat(complete("watch sandbox ")).containsExactly("status");
    }

    @Test
    void should_complete_command_names_after_help() {
        assertThat(complete("help el")).containsExactly("elect");
        assertThat(complete("help elect p")).containsExactly("preferred");
    }

    @Test
    void should_offer_nothing_from_the_cluster_before_a_snapshot_and_never_throw() {
        session.disconnect();
        assertThat(complete("describe ")).isEmpty();
        assertThat(complete("elect unclean ")).isEmpty();
        KshellCompleter broken = new KshellCompleter(new CommandLineParser(() -> {
            throw new IllegalStateException("registry not ready");
        }), session, () -> home, () -> {
            throw new IllegalStateException("refresher gone");
        });
        List<Candidate> candidates = new ArrayList<>();
        broken.complete(null, new DefaultParser().parse("desc", 4, Parser.ParseContext.COMPLETE), candidates);
        assertThat(candidates).isEmpty();
    }

    @Test
    void should_read_placeholders_from_synopses() {
        KshellCommand elect = parser.find(List.of("elect", "preferred")).orElseThrow();
        assertThat(KshellCompleter.Synopsis.of(elect).optionValues()).containsEntry("topic", "TOPIC");
        assertThat(KshellCompleter.Synopsis.of(elect).positional()).containsExactly("PARTITION...");
        KshellCommand connect = parser.find(List.of("connect")).orElseThrow();
        assertThat(KshellCompleter.Synopsis.of(connect).positional()).containsExactly("PROFILE");
        assertThat(KshellCompleter.Synopsis.of(connect).optionValues()).containsEntry("command-config", "FILE");
        assertThat(KshellCompleter.placeholderKind("FILE.ksh", "run")).isEqualTo(CompletionValues.Kind.KSH_FILE);
        assertThat(KshellCompleter.placeholderKind("N", "sandbox stop-broker")).isEqualTo(CompletionValues.Kind.LIVE_BROKER);
    }

    @Test
    void should_list_candidates_for_the_one_shot_scripts() {
        assertThat(completer.values(List.of("describe", "pay"), 1)).containsExactly("payments");
        assertThat(completer.values(List.of(""), 0)).contains("describe").doesNotContain("__complete");
        ClusterSnapshot none = UxFixtures.snapshot(List.<TopicState>of());
        session.remember(none);
        assertThat(completer.values(List.of("describe", ""), 1)).isEmpty();
    }
}
