package dev.kshell.grammar;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.model.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class DeclarationTest {

    static final class Pause extends KshellCommand {
        Pause() {
            super("sandbox pause", "Sandbox", "Pause a node", "sandbox pause NODE --for DURATION");
            options(option("for", ArgKind.DURATION, "how long"), flag("quiet", "say less"), option("note", "free text"),
                    choice("mode", "how", "soft", "hard"));
            arguments(argument("node", ArgKind.LIVE_NODE_ID, "the node to pause"),
                    argument("more", ArgKind.NODE_ID, "other nodes").optional().many());
        }

        @Override
        public ExitCode run(Invocation invocation) {
            return ExitCode.OK;
        }
    }

    @Test
    void should_keep_kinds_arity_and_derive_spring_options() {
        CommandSyntax syntax = new Pause().syntax();
        assertThat(syntax.names()).containsExactly("sandbox pause");
        assertThat(syntax.options()).extracting(OptionSpec::kind)
                .containsExactly(ArgKind.DURATION, ArgKind.FLAG, ArgKind.TEXT, ArgKind.CHOICE);
        assertThat(syntax.argumentAt(0).kind()).isEqualTo(ArgKind.LIVE_NODE_ID);
        assertThat(syntax.argumentAt(5).arity()).isEqualTo(Positional.Arity.ZERO_OR_MORE);
        assertThat(new Pause().getOptions()).extracting(o -> o.longName() + ":" + o.type().getSimpleName())
                .containsExactly("for:String", "quiet:Boolean", "note:String", "mode:String");
    }

    @Test
    void should_refuse_a_repeating_argument_before_another() {
        assertThatThrownBy(() -> new KshellCommand("x", "g", "d", "x") {
            {
                arguments(argument("a", ArgKind.TOPIC, "a").many(), argument("b", ArgKind.TOPIC, "b"));
            }

            @Override
            public ExitCode run(Invocation invocation) {
                return ExitCode.OK;
            }
        }).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OptionSpec.of("x", ArgKind.CHOICE, "no values")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_show_usage_of_arities() {
        assertThat(List.of(Positional.of("partition", ArgKind.PARTITION, "").many().usage(),
                Positional.of("name", ArgKind.SCENARIO, "").optional().usage()))
                .containsExactly("PARTITION...", "[NAME]");
    }
}
