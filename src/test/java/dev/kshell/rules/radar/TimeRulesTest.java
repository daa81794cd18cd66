package dev.kshell.rules.radar;

import dev.kshell.model.Finding;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.RadarReads;
import dev.kshell.model.RadarThresholds;
import dev.kshell.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Records stamped ahead, what they do to retention, and what they and the quorum tell of clocks. */
@Timeout(30)
class TimeRulesTest {

    private static final long NOW = 1_796_479_000_000L;
    private static final long DAY = 86_400_000L;
    private static final RadarThresholds T = RadarThresholds.DEFAULTS;
    private static final RadarReads.ControllerClock NO_CLOCK = RadarReads.ControllerClock.unavailable("no quorum");

    private static RadarReads.MaxTimestamps read(Map<PartitionSpec, RadarReads.RecordTime> newest) {
        return new RadarReads.MaxTimestamps(NOW, newest, Map.of(), null);
    }

    @Test
    void should_warn_of_a_createtime_topic_with_records_a_day_ahead_and_say_what_retention_does() {
        PartitionSpec p0 = new PartitionSpec("orders", 0);
        TimeRules.Judged j = TimeRules.judge(read(Map.of(p0, new RadarReads.RecordTime(4, NOW + DAY),
                new PartitionSpec("orders", 1), new RadarReads.RecordTime(9, NOW - 1000))), Map.of(p0, 4),
                Map.of("orders", new TimeRules.TopicTime("CreateTime", 7 * DAY, 7 * DAY)), NO_CLOCK, T);

        Finding f = j.findings().get(0);
        assertThat(f.rule()).isEqualTo(TimeRules.FUTURE);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.where()).isEqualTo("topic orders");
        assertThat(f.message()).contains("1 of 2 partitions read holds records stamped more than 1 h ahead")
                .contains("up to 24 h").contains("orders-0 offset 4")
                .contains("message.timestamp.type is CreateTime")
                .contains("with retention.ms=7 days the segment holding it, and every later one, is not deleted before")
                .contains("message.timestamp.after.max.ms=7 days");
        assertThat(f.fix()).isEqualTo("configs topic orders");
        assertThat(j.topics().get(0).aheadPartitions()).isEqualTo(1);
    }

    @Test
    void should_leave_records_within_the_threshold_alone() {
        PartitionSpec p0 = new PartitionSpec("orders", 0);
        TimeRules.Judged j = TimeRules.judge(read(Map.of(p0, new RadarReads.RecordTime(4, NOW + 30 * 60_000))),
                Map.of(), Map.of(), NO_CLOCK, T);

        assertThat(j.findings()).isEmpty();
        assertThat(j.topics()).isEmpty();
    }

    @Test
    void should_read_a_future_stamp_the_broker_wrote_as_its_clock_running_ahead() {
        PartitionSpec offsets = new PartitionSpec("__consumer_offsets", 7);
        PartitionSpec appended = new PartitionSpec("audit", 0);
        TimeRules.Judged j = TimeRules.judge(read(Map.of(offsets, new RadarReads.RecordTime(8, NOW + 2 * 3_600_000),
                appended, new RadarReads.RecordTime(1, NOW + 3 * 3_600_000))), Map.of(offsets, 5, appended, 6),
                Map.of("audit", new TimeRules.TopicTime("LogAppendTime", 7 * DAY, null)), NO_CLOCK, T);

        assertThat(j.findings()).extracting(Finding::rule).containsOnly(TimeRules.BROKER_CLOCK);
        assertThat(j.findings()).extracting(Finding::where).containsExactly("broker 5", "broker 6");
        assertThat(j.findings().get(0).message()).contains("at least 2 h").contains("__consumer_offsets-7 (offset 8)");
        assertThat(j.clocks()).extracting(TimeRules.ClockRow::minOffsetMs).containsExactly(2 * 3_600_000L,
                3 * 3_600_000L);
    }

    @Test
    void should_tell_the_active_controllers_clock_from_the_quorums_answer() {
        RadarReads.ControllerClock ahead = new RadarReads.ControllerClock(3, NOW + 180_000, NOW - 10, NOW + 10, null);
        RadarReads.ControllerClock behind = new RadarReads.ControllerClock(3, NOW - 180_000, NOW - 10, NOW + 10, null);
        RadarReads.ControllerClock fine = new RadarReads.ControllerClock(3, NOW + 5, NOW - 10, NOW + 10, null);

        assertThat(TimeRules.judge(null, Map.of(), Map.of(), ahead, T).findings().get(0).message())
                .startsWith("its clock is 2 min ahead of this host's");
        assertThat(TimeRules.judge(null, Map.of(), Map.of(), behind, T).findings().get(0).message())
                .startsWith("its clock is 2 min behind this host's");
        TimeRules.Judged ok = TimeRules.judge(null, Map.of(), Map.of(), fine, T);
        assertThat(ok.findings()).isEmpty();
        assertThat(ok.clocks().get(0).minOffsetMs()).isEqualTo(-5);
        assertThat(ok.clocks().get(0).maxOffsetMs()).isEqualTo(15);
    }

    @Test
    void should_say_when_a_round_trip_is_too_long_to_tell_a_clock() {
        RadarReads.ControllerClock slow = new RadarReads.ControllerClock(3, NOW, NOW - 40_000, NOW + 40_000, null);

        TimeRules.Judged j = TimeRules.judge(null, Map.of(), Map.of(), slow, T);

        assertThat(j.findings()).isEmpty();
        assertThat(j.notes()).anyMatch(n -> n.contains("cannot be told within 30 s"));
    }

    @Test
    void should_say_a_release_without_max_timestamps_in_a_sentence() {
        TimeRules.Judged j = TimeRules.judge(RadarReads.MaxTimestamps.unsupported(NOW, "Kafka 2.8 has no "
                + "max-timestamp listOffsets (KIP-734, Kafka 3.0)"), Map.of(), Map.of(), NO_CLOCK, T);

        assertThat(j.findings()).isEmpty();
        assertThat(j.notes()).contains("Kafka 2.8 has no max-timestamp listOffsets (KIP-734, Kafka 3.0)",
                "the active controller's clock: no quorum");
    }

    @Test
    void should_take_the_threshold_from_the_profile() {
        PartitionSpec p0 = new PartitionSpec("orders", 0);
        RadarThresholds tight = new RadarThresholds(14, 3, Duration.ofMinutes(5), null);

        TimeRules.Judged j = TimeRules.judge(read(Map.of(p0, new RadarReads.RecordTime(4, NOW + 10 * 60_000))),
                Map.of(), Map.of(), NO_CLOCK, tight);

        assertThat(j.findings()).hasSize(1);
        assertThat(j.findings().get(0).message()).contains("more than 5 min ahead");
    }

    @Test
    void should_list_what_the_findings_rest_on() {
        assertThat(TimeRules.judge(read(Map.of()), Map.of(), Map.of(), NO_CLOCK, T).findings()).isEmpty();
        assertThat(List.of(TimeRules.BROKER_STAMPED.toArray())).contains("__consumer_offsets");
    }
}
