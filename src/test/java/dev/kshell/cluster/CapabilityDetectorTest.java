package dev.kshell.cluster;

import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ClusterCapabilities.Feature;
import dev.kshell.model.ClusterCapabilities.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class CapabilityDetectorTest {

    @Test
    void should_name_the_release_line_of_a_protocol_version() {
        assertThat(CapabilityDetector.releaseLine("3.9-IV0")).isEqualTo("3.9");
        assertThat(CapabilityDetector.releaseLine("2.8-IV1")).isEqualTo("2.8");
        assertThat(CapabilityDetector.releaseLine("4.4-IV2")).isEqualTo("4.4");
        assertThat(CapabilityDetector.releaseLine("level 99 (newer than 4.5-IV0)")).isNull();
        assertThat(CapabilityDetector.releaseLine(null)).isNull();
    }

    @Test
    void should_name_metadata_versions_by_feature_level_and_say_when_a_level_is_unknown() {
        assertThat(CapabilityDetector.metadataVersionName((short) 21)).isEqualTo("3.9-IV0");
        // a 3.9 KRaft broker answers level 1 right after its start: not the cluster's version, not cached
        assertThat(CapabilityDetector.metadataLoaded((short) 1)).isFalse();
        assertThat(CapabilityDetector.metadataLoaded((short) 21)).isTrue();
        assertThat(CapabilityDetector.metadataVersionName((short) 9999)).startsWith("level 9999 (newer than ");
    }

    @Test
    void should_say_in_words_what_a_missing_feature_means() {
        ClusterCapabilities zk = new ClusterCapabilities(Mode.ZOOKEEPER, "3.9", null,
                Map.of(Feature.ELIGIBLE_LEADER_REPLICAS, false, Feature.DESCRIBE_QUORUM, false), List.of());
        assertThat(zk.missing(Feature.ELIGIBLE_LEADER_REPLICAS)).isEqualTo("n/a (Kafka 3.9: no eligible leader replicas)");
        assertThat(zk.has(Feature.ELIGIBLE_LEADER_REPLICAS)).isFalse();
        assertThat(zk.has(Feature.LIST_TRANSACTIONS)).isTrue();
        assertThat(zk.missingFeatures()).containsExactly(Feature.ELIGIBLE_LEADER_REPLICAS, Feature.DESCRIBE_QUORUM);
        assertThat(zk.describe()).isEqualTo("Kafka 3.9, ZooKeeper mode");
        ClusterCapabilities refused = zk.with(Feature.LIST_TRANSACTIONS, false, "listTransactions refused");
        assertThat(refused.has(Feature.LIST_TRANSACTIONS)).isFalse();
        assertThat(refused.notes()).containsExactly("listTransactions refused");
        assertThat(ClusterCapabilities.assumeAll().missingFeatures()).isEmpty();
    }

    @Test
    void should_list_the_ensemble_servers_of_a_connect_string_without_its_chroot() {
        assertThat(ZooKeeperReader.servers("zk1:2181,zk2:2182/kafka")).containsExactly("zk1:2181", "zk2:2182");
        assertThat(ZooKeeperReader.servers("zk1")).containsExactly("zk1:2181");
    }

    @Test
    void should_take_fenced_broker_listing_as_given_from_a_4_0_metadata_version_and_ask_below_it() {
        assertThat(CapabilityDetector.atLeastFour("4.0")).isTrue();
        assertThat(CapabilityDetector.atLeastFour("4.4")).isTrue();
        assertThat(CapabilityDetector.atLeastFour("3.9")).isFalse();
        assertThat(CapabilityDetector.atLeastFour(null)).isFalse();
        assertThat(CapabilityDetector.atLeastFour("level 99 (newer than 4.4-IV0)")).isFalse();
    }
}
