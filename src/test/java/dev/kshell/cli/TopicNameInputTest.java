package dev.kshell.cli;

import dev.kshell.cli.commands.DescribeCommand;
import dev.kshell.cli.commands.ElectUncleanCommand;
import dev.kshell.cli.commands.LeaderlessCommand;
import dev.kshell.cluster.ClusterException;
import dev.kshell.rules.Snapshots;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An invalid topic name is the operator's input error: one line, exit 2, and no cluster call. The fake answers a
 * named topic the way a broker answers an illegal name (an action failure carrying Kafka's raw text, exit 5), which
 * is what the operator saw before the grammar checked names.
 */
@Timeout(30)
class TopicNameInputTest {

    private static final class KafkaLikeGateway extends FakeGateway {
        KafkaLikeGateway(ClusterSnapshot snapshot) {
            super(snapshot);
        }

        @Override
        public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
            if (topics != null && topics.stream().anyMatch(t -> !t.matches("[a-zA-Z0-9._-]{1,249}"))) {
                calls++;
                throw new ClusterException(ClusterException.Kind.FAILED, "describeTopics failed: "
                        + "org.apache.kafka.common.errors.InvalidTopicException: Topic name is illegal");
            }
            return super.snapshot(topics, withConfigs);
        }
    }

    private final KafkaLikeGateway gateway = new KafkaLikeGateway(Snapshots.seedIncident());
    private final ShellSession session = new ShellSession(t -> gateway);
    private final CommandLineExecutor executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(
            new DescribeCommand(session), new LeaderlessCommand(session), new ElectUncleanCommand(session))), session);
    private StringWriter out;
    private StringWriter err;

    private CommandLineExecutor.LineResult run(String line) {
        out = new StringWriter();
        err = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    private void assertBadInput(String line, String expectedLine) {
        session.connect(FakeGateway.TARGET, "fake", null);
        int before = gateway.calls;
        CommandLineExecutor.LineResult result = run(line);
        assertThat(result.code()).as(line).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString().strip()).as(line).isEqualTo("error: " + expectedLine).doesNotContain("\n", "Exception");
        assertThat(gateway.calls).as("cluster calls for " + line).isEqualTo(before);
    }

    @Test
    void should_refuse_a_unicode_topic_with_exit_2_before_asking_the_cluster() {
        assertBadInput("describe zahlungen-ü", "describe: 'zahlungen-ü' is not a valid topic name: 'ü' (U+00FC) is not"
                + " allowed (only ASCII letters, digits, '.', '_' and '-')");
    }

    @Test
    void should_refuse_a_5000_character_topic_in_one_short_line() {
        assertBadInput("describe " + "t".repeat(5000), "describe: '" + "t".repeat(40) + "...' is not a valid topic name:"
                + " it has 5000 characters, Kafka allows at most 249");
        assertThat(err.toString().length()).isLessThan(200);
    }

    @Test
    void should_refuse_bad_names_in_topic_options_and_partitions_too() {
        assertBadInput("leaderless --topic ..", "leaderless: --topic '..' is not a valid topic name: Kafka does not allow"
                + " '.' or '..' as a topic name");
        assertBadInput("elect unclean 'a b-0' --dry-run", "elect unclean: 'a b-0' is not a valid partition: topic 'a b':"
                + " a space is not allowed (only ASCII letters, digits, '.', '_' and '-')");
    }
}
