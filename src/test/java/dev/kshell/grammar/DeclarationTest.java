package dev.kshell.grammar;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.model.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import java.time.Duration;

@Timeout(10)
class DeclarationTest {

    static final Opt<Duration> FOR = Opt.duration("for", "how long").required();
    static final Arg<Integer> NODE = Arg.nodeId("node", ArgKind.LIVE_NODE_ID, "the node to pause");

    static final class Pause extends KshellCommand {
        Pause() {
            super(CommandSpec.named("sandbox pause").group(Group.SANDBOX).description("Pause a node")
                    .options(FOR, Opt.flag("quiet", "say less"), Opt.text("note", "free text"),
                            Opt.choice("mode", "how", "soft", "hard"))
                    .arguments(NODE, Arg.many("more", ArgKind.TOPIC, "other things").optional())
                    .traits(Trait.MUTATING));
        }

        @Override
        public ExitCode execute(Invocation invocation) {
            return ExitCode.OK;
        }
    }

    @Test
    void should_keep_kinds_and_arity_and_hand_spring_shell_no_option_copies() {
        CommandSpec syntax = new Pause().spec();
        assertThat(syntax.names()).containsExactly("sandbox pause");
        assertThat(syntax.options()).extracting(OptionSpec::kind)
                .containsExactly(ArgKind.DURATION, ArgKind.FLAG, ArgKind.TEXT, ArgKind.CHOICE);
        assertThat(syntax.argumentAt(0).kind()).isEqualTo(ArgKind.LIVE_NODE_ID);
        assertThat(syntax.argumentAt(5).arity()).isEqualTo(Positional.Arity.ZERO_OR_MORE);
    }

    @Test
    void should_refuse_a_repeating_argument_before_another() {
        assertThatThrownBy(() -> CommandSpec.named("x").arguments(Arg.many("a", ArgKind.TOPIC, "a"),
                Arg.of("b", ArgKind.TOPIC, "b"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OptionSpec.of("x", ArgKind.CHOICE, "no values")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_show_usage_of_arities() {
        assertThat(List.of(Positional.of("partition", ArgKind.PARTITION, "").many().usage(),
                Positional.of("name", ArgKind.SCENARIO, "").optional().usage()))
                .containsExactly("PARTITION...", "[NAME]");
    }

    @Test
    void should_generate_the_synopsis_from_the_declaration() {
        assertThat(new Pause().spec().usage())
                .isEqualTo("sandbox pause NODE [MORE...] --for DURATION [--quiet] [--note VALUE] [--mode soft|hard]");
        Opt<Boolean> all = Opt.flag("all", "every one");
        Opt<String> topic = Opt.text("topic", ArgKind.TOPIC, "one topic");
        Arg<List<String>> parts = Arg.many("partition", ArgKind.PARTITION, "p").optional();
        assertThat(CommandSpec.named("elect preferred").options(all, topic, Opt.flag("yes", "y")).arguments(parts)
                .exactlyOneOf(all, topic, parts).usage())
                .isEqualTo("elect preferred (--all | --topic TOPIC | PARTITION...) [--yes]");
    }

    @Test
    void should_convert_values_when_the_line_is_parsed() {
        CommandGrammar<String> grammar = new CommandGrammar<>(() -> List.of(new CommandGrammar.Entry<>(new Pause().spec(), "p")));
        CommandGrammar.ParsedLine<String> parsed = grammar.parse(List.of("sandbox", "pause", "5", "--for", "1m30s"));
        assertThat(FOR.read(parsed.values().get("for"))).isEqualTo(Duration.ofSeconds(90));
        assertThat(NODE.read(parsed.argumentValues().get("node"))).isEqualTo(5);
        assertThatThrownBy(() -> grammar.parse(List.of("sandbox", "pause", "5", "--for", "abc")))
                .isInstanceOf(GrammarException.class).hasMessageContaining("--for");
        assertThatThrownBy(() -> grammar.parse(List.of("sandbox", "pause", "x", "--for", "5s")))
                .hasMessage("sandbox pause: node id must be a number, not 'x'");
        assertThatThrownBy(() -> grammar.parse(List.of("sandbox", "pause", "5")))
                .hasMessageContaining("--for DURATION is required");
    }

    @Test
    void should_enforce_exclusive_groups() {
        Opt<Boolean> all = Opt.flag("all", "every one");
        Opt<String> topic = Opt.text("topic", ArgKind.TOPIC, "one topic");
        CommandSpec spec = CommandSpec.named("pick").options(all, topic).exactlyOneOf(all, topic);
        CommandGrammar<String> grammar = new CommandGrammar<>(() -> List.of(new CommandGrammar.Entry<>(spec, "p")));
        assertThat(grammar.parse(List.of("pick", "--all")).options()).containsKey("all");
        assertThatThrownBy(() -> grammar.parse(List.of("pick")))
                .hasMessage("pick: give exactly one of --all or --topic TOPIC (usage: pick (--all | --topic TOPIC))");
        assertThatThrownBy(() -> grammar.parse(List.of("pick", "--all", "--topic", "t")))
                .hasMessageContaining("give exactly one of");
    }
}
