package dev.kshell.cli;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.model.TopicState;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import java.util.function.Supplier;

/** A small incident snapshot and stand-ins for commands other developers write (by name and synopsis only). */
final class UxFixtures {

    private UxFixtures() {
    }

    /**
     * Controllers 1-3 (leader 1); brokers 4 and 6 live, 5 fenced. orders-0 healthy; orders-1 led by 6 although its
     * preferred replica 4 is live and in sync; payments-0 has no live replica; audit-log-0 is unclean-only (only 6,
     * out of sync, alive); orders-eu-0 healthy.
     */
    static ClusterSnapshot incident() {
        return snapshot(List.of(
                new TopicState("audit-log", false, List.of(
                        new PartitionState("audit-log", 0, null, List.of(5, 6), List.of(5), List.of(), List.of(5))), null),
                new TopicState("orders", false, List.of(
                        new PartitionState("orders", 0, 4, List.of(4, 5, 6), List.of(4, 6), List.of(), List.of()),
                        new PartitionState("orders", 1, 6, List.of(4, 6, 5), List.of(6, 4), List.of(), List.of())), null),
                new TopicState("orders-eu", false, List.of(
                        new PartitionState("orders-eu", 0, 4, List.of(4), List.of(4), List.of(), List.of())), null),
                new TopicState("payments", false, List.of(
                        new PartitionState("payments", 0, null, List.of(5), List.of(), List.of(5), List.of(5))), null)));
    }

    static ClusterSnapshot snapshot(List<TopicState> topics) {
        QuorumState quorum = new QuorumState(1, 7, 420,
                List.of(new QuorumReplica(1, 420, 0L, 0L, 0L), new QuorumReplica(2, 420, 0L, 0L, 0L),
                        new QuorumReplica(3, 420, 0L, 0L, 0L)),
                List.of(new QuorumReplica(4, 420, 0L, 0L, 0L), new QuorumReplica(5, 300, 120L, 9000L, 9000L),
                        new QuorumReplica(6, 420, 0L, 0L, 0L)));
        List<BrokerState> brokers = List.of(new BrokerState(4, "localhost", 9092, null, false),
                new BrokerState(5, "localhost", 9093, null, true), new BrokerState(6, "localhost", 9094, null, false));
        return new ClusterSnapshot("ux-cluster", Instant.now(), brokers, quorum, null, topics);
    }

    /** One topic with {@code n} healthy partitions, for the large-cluster path. */
    static TopicState big(String name, int n) {
        List<PartitionState> partitions = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            partitions.add(new PartitionState(name, i, 4, List.of(4, 6), List.of(4, 6), List.of(), List.of()));
        }
        return new TopicState(name, false, partitions, null);
    }

    /** A command known only by name, synopsis and options, like the ones other developers add. */
    static KshellCommand stub(String name, String synopsis, boolean mutating, String... valueOptions) {
        List<Opt<?>> options = new ArrayList<>();
        for (String o : valueOptions) {
            options.add(o.startsWith("!") ? Opt.flag(o.substring(1), "flag")
                    : Opt.text(o, "value"));
        }
        CommandSpec spec = CommandSpec.named(name).description("stand-in for " + name)
                .options(options.toArray(Opt<?>[]::new))
                .arguments(Arg.many("args", ArgKind.TEXT, "anything").optional());
        if (mutating) {
            spec = spec.traits(Trait.MUTATING);
        }
        return new KshellCommand(spec) {
            @Override
            public ExitCode execute(Invocation invocation) {
                invocation.emit(List.of(), () -> name + " ran\n");
                return ExitCode.OK;
            }
        };
    }

    /** The parser or executor a command reaches lazily (they are made after the commands they list). */
    static <T> Supplier<T> provider(Supplier<T> supplier) {
        return supplier;
    }

    /** The stand-ins: elections, sandbox, run, lint. */
    static List<KshellCommand> othersCommands() {
        return List.of(
                stub("elect unclean", "elect unclean PARTITION... [--dry-run] [--keep-order]", true, "!dry-run", "!keep-order"),
                stub("elect preferred", "elect preferred [--topic TOPIC] [PARTITION...] [--dry-run]", true, "topic", "!dry-run"),
                stub("elect restore-order", "elect restore-order [PARTITION...]", true),
                stub("sandbox kill-broker", "sandbox kill-broker N", false),
                stub("sandbox start-broker", "sandbox start-broker N", false),
                stub("sandbox stop-controller", "sandbox stop-controller N", false),
                stub("sandbox status", "sandbox status", false),
                stub("run", "run FILE.ksh [--param K=V]... [--dry-run] [--transcript FILE]", false, "param", "!dry-run", "transcript"),
                stub("lint", "lint FILE...", false),
                stub("alter", "alter TOPIC --config KEY=VALUE", true, "config"));
    }
}
