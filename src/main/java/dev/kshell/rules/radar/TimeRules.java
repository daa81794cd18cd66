package dev.kshell.rules.radar;

import dev.kshell.model.Finding;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.RadarReads;
import dev.kshell.model.RadarThresholds;
import dev.kshell.model.Severity;
import dev.kshell.rules.TimeRisks;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Time: records stamped in the future, and clocks that differ from this host's. A partition's newest-stamped record
 * further ahead than the threshold is, on a CreateTime topic, a producer's doing, and it holds back time-based
 * retention (a segment is deleted only once its newest timestamp is older than retention.ms, and deletion stops at
 * the first segment that is not: docs/kafka-behaviour.md). On a LogAppendTime topic, and on the coordinators' own
 * topics (whose records the broker stamps with its clock), it means the leader's clock was ahead when it wrote: a
 * lower bound of how far. The active controller's clock is read from the quorum's answer ({@link
 * RadarReads.ControllerClock}); no other node's clock can be told from what Kafka answers.
 */
public final class TimeRules {

    public static final String FUTURE = TimeRisks.FUTURE;
    public static final String BROKER_CLOCK = TimeRisks.BROKER_CLOCK;
    public static final String CONTROLLER_CLOCK = TimeRisks.CONTROLLER_CLOCK;

    /** Topics whose records the broker itself writes, stamped with its own clock. */
    public static final Set<String> BROKER_STAMPED = Set.of("__consumer_offsets", "__transaction_state",
            "__share_group_state");

    private TimeRules() {
    }

    /**
     * A topic's settings that decide what a future timestamp does.
     *
     * @param timestampType "CreateTime" or "LogAppendTime", null when unread
     * @param retentionMs   retention.ms (-1: no time limit), null when unread
     * @param afterMaxMs    message.timestamp.after.max.ms (Kafka 3.6+), null when unread or absent
     */
    public record TopicTime(String timestampType, Long retentionMs, Long afterMaxMs) {
    }

    /**
     * One topic whose newest records lie ahead.
     *
     * @param aheadPartitions partitions whose newest record is further ahead than the threshold
     * @param maxAheadMs      the furthest ahead, in ms
     * @param newest          the partition, offset and time of that record
     */
    public record TopicRow(String topic, String timestampType, Long retentionMs, Long afterMaxMs, int readPartitions,
                           int aheadPartitions, long maxAheadMs, String newest, Instant newestAt) {
    }

    /**
     * What is known of one node's clock against this host's: between {@code minOffsetMs} and {@code maxOffsetMs}
     * ahead (negative: behind), either bound null when open.
     */
    public record ClockRow(Integer nodeId, String role, Long minOffsetMs, Long maxOffsetMs, String evidence) {
    }

    public record Judged(List<TopicRow> topics, List<ClockRow> clocks, List<Finding> findings, List<String> notes) {
    }

    public static Judged judge(RadarReads.MaxTimestamps read, Map<PartitionSpec, Integer> leaders,
                               Map<String, TopicTime> configs, RadarReads.ControllerClock clock, RadarThresholds t) {
        List<Finding> findings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<ClockRow> clocks = new ArrayList<>();
        List<TopicRow> topics = new ArrayList<>();
        if (read == null) {
            // not read (no live leader, or the side read had no time for it): nothing to say of records
        } else if (read.unsupported() != null) {
            notes.add(read.unsupported());
        } else {
            future(read, leaders, configs, t, topics, clocks, findings);
            if (!read.failed().isEmpty()) {
                notes.add(read.failed().size() + " partition" + (read.failed().size() == 1 ? "" : "s") + " did not "
                        + "say their newest record time (" + read.failed().values().iterator().next() + ")");
            }
        }
        controller(clock, t, clocks, findings, notes);
        return new Judged(topics, clocks, findings, notes);
    }

    private static void future(RadarReads.MaxTimestamps read, Map<PartitionSpec, Integer> leaders,
                               Map<String, TopicTime> configs, RadarThresholds t, List<TopicRow> topics,
                               List<ClockRow> clocks, List<Finding> findings) {
        Map<String, List<PartitionSpec>> byTopic = new TreeMap<>();
        read.newest().keySet().forEach(p -> byTopic.computeIfAbsent(p.topic(), k -> new ArrayList<>()).add(p));
        Map<Integer, long[]> brokerAhead = new TreeMap<>(); // broker -> {furthest ms ahead}
        Map<Integer, String> brokerEvidence = new TreeMap<>();
        for (Map.Entry<String, List<PartitionSpec>> e : byTopic.entrySet()) {
            String topic = e.getKey();
            TopicTime cfg = configs.getOrDefault(topic, new TopicTime(null, null, null));
            boolean brokerStamped = BROKER_STAMPED.contains(topic) || "LogAppendTime".equals(cfg.timestampType());
            int ahead = 0;
            long max = 0;
            PartitionSpec furthest = null;
            for (PartitionSpec p : e.getValue()) {
                RadarReads.RecordTime r = read.newest().get(p);
                long by = r.timestampMs() - read.readAtMs();
                if (by <= t.futureTimestamp().toMillis()) {
                    continue;
                }
                ahead++;
                if (by > max) {
                    max = by;
                    furthest = p;
                }
                Integer leader = leaders.get(p);
                if (brokerStamped && leader != null && by > brokerAhead.getOrDefault(leader, new long[]{0})[0]) {
                    brokerAhead.put(leader, new long[]{by});
                    brokerEvidence.put(leader, "the newest record of " + p.name() + " (offset " + r.offset()
                            + ") is stamped " + RadarText.span(Duration.ofMillis(by)) + " ahead");
                }
            }
            if (ahead == 0) {
                continue;
            }
            RadarReads.RecordTime r = read.newest().get(furthest);
            topics.add(new TopicRow(topic, cfg.timestampType(), cfg.retentionMs(), cfg.afterMaxMs(),
                    e.getValue().size(), ahead, max, furthest.name() + " offset " + r.offset(),
                    Instant.ofEpochMilli(r.timestampMs())));
            if (!brokerStamped) {
                findings.add(futureFinding(topic, cfg, ahead, e.getValue().size(), max, furthest, r,
                        t.futureTimestamp().toMillis()));
            }
        }
        brokerAhead.forEach((broker, by) -> {
            clocks.add(new ClockRow(broker, "broker", by[0], null, brokerEvidence.get(broker)));
            findings.add(new Finding(Severity.WARNING, BROKER_CLOCK, "broker " + broker, "its clock runs ahead of "
                    + "this host's by at least " + RadarText.span(Duration.ofMillis(by[0])) + " (or this host's runs "
                    + "behind): " + brokerEvidence.get(broker) + ", and the broker stamps that topic with its own "
                    + "clock; segments it writes are kept that much longer, and time-based decisions (retention, "
                    + "transaction and session timeouts) run on a wrong clock. Check its NTP", "radar"));
        });
    }

    private static Finding futureFinding(String topic, TopicTime cfg, int ahead, int read, long max,
                                         PartitionSpec furthest, RadarReads.RecordTime r, long threshold) {
        Instant at = Instant.ofEpochMilli(r.timestampMs());
        String retention;
        if (cfg.retentionMs() == null) {
            retention = "time-based retention keeps a segment until its newest timestamp is older than retention.ms";
        } else if (cfg.retentionMs() < 0) {
            retention = "retention.ms=-1: no time limit here, so only size limits delete";
        } else {
            retention = "with retention.ms=" + RadarText.span(Duration.ofMillis(cfg.retentionMs())) + " the segment "
                    + "holding it, and every later one, is not deleted before " + RadarText.at(at.plusMillis(
                    cfg.retentionMs())) + " (deletion stops at the first segment it may not delete)";
        }
        String limit = cfg.afterMaxMs() == null ? ""
                : cfg.afterMaxMs() >= Long.MAX_VALUE / 2 ? "; message.timestamp.after.max.ms lets any future time in"
                : "; message.timestamp.after.max.ms=" + RadarText.span(Duration.ofMillis(cfg.afterMaxMs()))
                + " (Kafka 4.x refuses records stamped further ahead; its default is 1 h)";
        String type = cfg.timestampType() == null ? "" : "message.timestamp.type is " + cfg.timestampType() + "; ";
        return new Finding(Severity.WARNING, FUTURE, "topic " + topic, ahead + " of " + read + " partition"
                + (read == 1 ? "" : "s") + " read hold" + (ahead == 1 ? "s" : "") + " records stamped more than "
                + RadarText.span(Duration.ofMillis(threshold)) + " ahead of this host's clock, up to "
                + RadarText.span(Duration.ofMillis(max)) + " (" + furthest.name() + " offset " + r.offset() + ", "
                + RadarText.at(at) + "): a producer's clock or code sets them; " + type + retention + limit,
                "configs topic " + topic);
    }

    /** The active controller's clock from the quorum's answer, when the round trip leaves it clear. */
    private static void controller(RadarReads.ControllerClock clock, RadarThresholds t, List<ClockRow> clocks,
                                   List<Finding> findings, List<String> notes) {
        if (clock == null) {
            return;
        }
        if (clock.unavailable() != null) {
            notes.add("the active controller's clock: " + clock.unavailable());
            return;
        }
        long min = clock.leaderNowMs() - clock.receivedAtMs();
        long max = clock.leaderNowMs() - clock.sentAtMs();
        String evidence = "describeMetadataQuorum: the leader's own time in its answer, against this host's clock "
                + "before and after (" + (clock.receivedAtMs() - clock.sentAtMs()) + " ms round trip)";
        clocks.add(new ClockRow(clock.leaderId(), "controller", min, max, evidence));
        long limit = t.clockSkew().toMillis();
        if (min > limit || max < -limit) {
            long by = min > limit ? min : -max;
            findings.add(new Finding(Severity.WARNING, CONTROLLER_CLOCK, "controller " + clock.leaderId()
                    + " (active)", "its clock is " + RadarText.span(Duration.ofMillis(by)) + (min > limit
                    ? " ahead of" : " behind") + " this host's (at least; the limit is "
                    + RadarText.span(t.clockSkew()) + "): the times the quorum reports (last fetch, caught up) are off "
                    + "by as much, and so is every time it stamps. Check its NTP, and this host's", "radar"));
        } else if (max - min > limit) {
            notes.add("the active controller's clock cannot be told within " + RadarText.span(t.clockSkew())
                    + ": the round trip took " + (max - min) + " ms");
        }
    }
}
