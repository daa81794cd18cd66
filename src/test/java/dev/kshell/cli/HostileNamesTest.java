package dev.kshell.cli;

import dev.kshell.connection.ShellSession;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.CoordinatorClients;
import dev.kshell.model.ExitCode;
import dev.kshell.model.GroupInfo;
import dev.kshell.model.TransactionInfo;
import dev.kshell.rules.Snapshots;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A cluster whose names were chosen by a hostile tenant (issue 42): a rack and a host with an erase-screen sequence,
 * a group id that retitles the window and rings the bell, a transactional id with a bidi override, a server.properties
 * key with an escape. Every command of the assembly that shows them prints them escaped; JSON keeps them exact.
 */
@Timeout(30)
class HostileNamesTest {

    static final String ERASE = "rack\u001b[2J";
    static final String HOST = "h\u001b[1A\u001b[Kost";
    static final String GROUP = "h2\u001b[2J\u001b]0;pwned\u0007grp";
    static final String TXN = "pay\u202eexe.txn";

    @TempDir
    Path home;
    private RegisteredCommands registered;
    private CommandLineExecutor executor;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() {
        System.setProperty("kshell.home", home.toString());
        ClusterSnapshot seed = Snapshots.seedIncident();
        List<BrokerState> brokers = seed.brokers().stream().map(b -> new BrokerState(b.id(), b.id() == 4 ? HOST
                : b.host(), b.port(), ERASE, b.fenced())).toList();
        FakeGateway gateway = new FakeGateway(new ClusterSnapshot(seed.clusterId(), seed.takenAt(), brokers,
                seed.quorum(), seed.quorumError(), seed.topics())) {
            @Override
            public CoordinatorClients coordinatorClients() {
                return new CoordinatorClients(List.of(new GroupInfo(GROUP, "Stable", 2)),
                        List.of(new TransactionInfo(TXN, "Ongoing")), List.of());
            }
        };
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(FakeGateway.TARGET, "fake", null);
        registered = new RegisteredCommands(session, home);
        executor = new CommandLineExecutor(registered.parser(), session);
    }

    @AfterEach
    void tearDown() {
        registered.close();
        System.setProperty("kshell.home", "target/test-home");
    }

    private String run(String line) {
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, true, 120, true);
        CommandLineExecutor.LineResult r = executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
        assertThat(r.code()).as(out + "\n" + err).isNotEqualTo(ExitCode.INTERNAL);
        return out.toString() + err;
    }

    /** Only kshell's own colour and erase-to-end sequences may remain: no erase screen, cursor move, OSC or BEL. */
    private static void assertHarmless(String printed) {
        assertThat(printed).doesNotContain("\u001b[2J", "\u001b[1A", "\u001b]", "\u0007", "\u202e");
    }

    @Test
    void should_print_a_hostile_rack_and_host_escaped_in_brokers() {
        String printed = run("brokers");

        assertHarmless(printed);
        assertThat(printed).contains("rack\\x1b[2J").contains("h\\x1b[1A\\x1b[Kost");
    }

    @Test
    void should_print_a_hostile_group_id_escaped_in_coordinators() {
        String printed = run("coordinators");

        assertHarmless(printed);
        assertThat(printed).contains("group  h2\\x1b[2J\\x1b]0;pwned\\x07grp  Stable");
    }

    @Test
    void should_keep_the_names_exact_in_json() {
        String printed = run("coordinators --output json");

        assertThat(printed).contains("h2\\u001B[2J\\u001B]0;pwned\\u0007grp");
    }

    @Test
    void should_print_a_hostile_key_of_a_properties_file_escaped_in_lint() throws IOException {
        Path props = home.resolve("server.properties");
        Files.writeString(props, "process.roles=broker\nnode.id=4\nevil\\u001b[2Jkey=1\n");

        String printed = run("lint " + props);

        assertHarmless(printed);
        assertThat(printed).contains("evil\\x1b[2Jkey");
    }
}
