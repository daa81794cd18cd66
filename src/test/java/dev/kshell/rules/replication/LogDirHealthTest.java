package dev.kshell.rules.replication;

import dev.kshell.model.LogDirState;
import dev.kshell.model.LogDirsRead;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class LogDirHealthTest {

    private static final long T = 1_000_000L;

    private static LogDirsRead read(long at, LogDirState... dirs) {
        Map<Integer, List<LogDirState>> byBroker = new java.util.TreeMap<>();
        for (LogDirState d : dirs) {
            byBroker.computeIfAbsent(d.broker(), k -> new java.util.ArrayList<>()).add(d);
        }
        return new LogDirsRead(at, byBroker, Map.of(6, "broker 6 did not describe its log directories: timeout"));
    }

    private static LogDirState online(int broker, String path, long total, long usable) {
        return new LogDirState(broker, path, null, total, usable, false, Map.of(
                new PartitionSpec("a", 0), new LogDirState.Replica(300, 0, false),
                new PartitionSpec("b", 0), new LogDirState.Replica(900, 0, false),
                new PartitionSpec("c", 0), new LogDirState.Replica(100, 0, false),
                new PartitionSpec("d", 0), new LogDirState.Replica(50, 0, false)));
    }

    @Test
    void should_list_space_held_bytes_and_the_largest_replicas_and_leave_growth_unknown_before_a_watch() {
        LogDirReport r = LogDirHealth.judge(read(T, online(4, "/d1", 1000_000, 500_000)), Map.of());

        LogDirReport.Dir d = r.dirs().get(0);
        assertThat(d.replicaBytes()).isEqualTo(1350);
        assertThat(d.replicaCount()).isEqualTo(4);
        assertThat(d.largest()).extracting(LogDirReport.PartitionSize::partition).containsExactly("b-0", "a-0", "c-0");
        assertThat(d.usablePercent()).isEqualTo(50.0);
        assertThat(d.growthBytesPerS()).isNull();
        assertThat(r.findings()).isEmpty();
        assertThat(r.errors()).containsExactly("broker 6 did not describe its log directories: timeout");
    }

    @Test
    void should_find_an_offline_directory_and_low_space() {
        LogDirState offline = new LogDirState(5, "/d2", "KafkaStorage", null, null, false, Map.of());
        LogDirReport r = LogDirHealth.judge(read(T, online(4, "/d1", 1000_000, 50_000), offline), Map.of());

        assertThat(r.findings()).extracting(f -> f.rule()).containsExactly("log-dir-low-space", "log-dir-offline");
        assertThat(r.findings().get(1).severity()).isEqualTo(Severity.ERROR);
        assertThat(r.findings().get(0).message()).contains("5.0 % usable (50 kB of 1.0 MB)");
    }

    @Test
    void should_warn_of_a_directory_that_fills_within_a_day_at_the_watched_rate() {
        // 60 s ago its replicas held 60,000 B less: 1 kB/s; 940,000 B usable: full in 940 s
        Map<String, LogDirHealth.Sample> earlier = Map.of(LogDirHealth.key(4, "/d1"),
                new LogDirHealth.Sample(T - 60_000, 1_000_000L, 1350 - 60_000));
        LogDirReport r = LogDirHealth.judge(read(T, online(4, "/d1", 5_000_000, 940_000)), earlier);

        LogDirReport.Dir d = r.dirs().get(0);
        assertThat(d.growthBytesPerS()).isEqualTo(1000.0);
        assertThat(d.watchedMs()).isEqualTo(60_000);
        assertThat(d.fullInMs()).isEqualTo(940_000);
        assertThat(r.findings()).extracting(f -> f.rule()).containsExactly("log-dir-filling");
        assertThat(r.findings().get(0).message()).contains("fills at 1.0 kB/s (watched over 1m 0s): full in about 15m 40s");
    }

    @Test
    void should_not_give_a_rate_over_a_watch_shorter_than_the_minimum() {
        Map<String, LogDirHealth.Sample> earlier = Map.of(LogDirHealth.key(4, "/d1"),
                new LogDirHealth.Sample(T - 5_000, 1_000_000L, 0));
        LogDirReport r = LogDirHealth.judge(read(T, online(4, "/d1", 10_000_000, 940_000)), earlier);

        assertThat(r.dirs().get(0).growthBytesPerS()).isNull();
        assertThat(r.dirs().get(0).fullInMs()).isNull();
    }
}
