package dev.kshell.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A fresh process learns the controllers' endpoints from a broker's own settings (cron, ssh: no earlier quorum read). */
@Timeout(10)
class ConfiguredVotersTest {

    @Test
    void should_read_the_static_voter_list_with_its_ids() {
        assertThat(VoterReachability.configuredVoters("1@127.0.0.1:9093, 2@c2.example:9093,3@[::1]:9093", null))
                .containsExactly(Map.entry(1, "127.0.0.1:9093"), Map.entry(2, "c2.example:9093"), Map.entry(3, "[::1]:9093"));
    }

    @Test
    void should_fall_back_to_the_bootstrap_controllers_without_ids_and_skip_malformed_entries() {
        assertThat(VoterReachability.configuredVoters("", "c1:9093,c2:9093,nonsense"))
                .containsExactly(Map.entry(-2, "c2:9093"), Map.entry(-1, "c1:9093"));
        assertThat(VoterReachability.configuredVoters("x@c1:9093,2@,3@c3:9093", "c9:9093"))
                .as("a voter list with one good entry wins over the bootstrap list").containsExactly(Map.entry(3, "c3:9093"));
        assertThat(VoterReachability.configuredVoters(null, null)).isEmpty();
    }
}
