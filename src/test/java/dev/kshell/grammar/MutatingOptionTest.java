package dev.kshell.grammar;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** A read command whose option makes a line mutate ({@code audit --fix}): which lines mutate. */
@Timeout(10)
class MutatingOptionTest {

    private static final Opt<Boolean> FIX = Opt.flag("fix", "fix it");
    private static final CommandSpec AUDIT = CommandSpec.named("audit").options(FIX).traits(Trait.WATCHABLE)
            .mutatingWith(FIX);

    @Test
    void should_mutate_only_with_the_option_and_stay_watchable_otherwise() {
        assertThat(AUDIT.canMutate()).isTrue();
        assertThat(AUDIT.mutates(Set.of())).isFalse();
        assertThat(AUDIT.mutates(Set.of("fix"))).isTrue();
        assertThat(AUDIT.mutatesWords(List.of("audit", "--fix=true"))).isTrue();
        assertThat(AUDIT.mutatesWords(List.of("audit", "--fixed"))).isFalse();
        assertThat(AUDIT.is(Trait.WATCHABLE)).isTrue();
        assertThat(CommandSpec.named("brokers").canMutate()).isFalse();
    }
}
