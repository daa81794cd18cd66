package dev.kshell.rules.lint;

import dev.kshell.util.EditDistance;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.Set;

@Timeout(30)
class KnownKeysTest {

    private final KnownKeys keys = KnownKeys.kafka();

    @Test
    void should_load_the_broker_keys_from_kafka() {
        assertThat(keys.available()).isTrue();
        assertThat(keys.keys()).contains("process.roles", "node.id", "controller.quorum.voters",
                "controller.quorum.bootstrap.servers", "offsets.topic.replication.factor",
                "transaction.state.log.min.isr", "unclean.leader.election.enable", "log.dirs");
        assertThat(keys.keys().size()).isGreaterThan(300);
    }

    @Test
    void should_accept_prefixed_and_plugin_keys() {
        assertThat(keys.isKnown("listener.name.internal.ssl.keystore.location")).isTrue();
        assertThat(keys.isKnown("sasl.custom.callback.option")).isTrue();
        assertThat(keys.isKnown("super.users")).isTrue();
        assertThat(keys.isKnown("config.providers.vault.class")).isTrue();
        assertThat(keys.isKnown("log.retention.hour")).isFalse();
    }

    @Test
    void should_suggest_the_closest_key() {
        assertThat(keys.suggest("log.retention.hour")).contains("log.retention.hours");
        assertThat(keys.suggest("node.di")).contains("node.id");
        assertThat(keys.suggest("controller.quorum.voter")).contains("controller.quorum.voters");
        assertThat(keys.suggest("advertized.listeners")).contains("advertised.listeners");
        assertThat(keys.suggest("OFFSETS_TOPIC_REPLICATION_FACTOR")).contains("offsets.topic.replication.factor");
        assertThat(keys.suggest("frobnicate.widgets")).isEmpty();
    }

    @Test
    void should_report_nothing_unknown_without_kafka_definitions() {
        KnownKeys none = KnownKeys.of(Set.of());
        assertThat(none.available()).isFalse();
        assertThat(none.isKnown("anything.at.all")).isTrue();
    }

    @Test
    void should_count_swaps_as_one_edit() {
        assertThat(EditDistance.between("node.id", "node.di")).isEqualTo(1);
        assertThat(EditDistance.between("kitten", "sitting")).isEqualTo(3);
        assertThat(EditDistance.between("", "abc")).isEqualTo(3);
        assertThat(EditDistance.between("same", "same")).isZero();
    }
}
