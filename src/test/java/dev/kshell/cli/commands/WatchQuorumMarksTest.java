package dev.kshell.cli.commands;

import dev.kshell.cli.CommandLineExecutor.LineResult;
import dev.kshell.model.ExitCode;
import dev.kshell.model.QuorumState;
import dev.kshell.render.StateViews;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code watch quorum}: one line per leader change (and per loss / return of the quorum), nothing otherwise. */
@Timeout(10)
class WatchQuorumMarksTest {

    private static LineResult read(int leader, long epoch) {
        return new LineResult(ExitCode.OK, StateViews.quorum(new QuorumState(leader, epoch, 10, List.of(), List.of())), null);
    }

    @Test
    void should_mark_the_first_reading_each_change_and_an_unreadable_quorum_once() {
        WatchCommand.LeaderMarks marks = new WatchCommand.LeaderMarks();
        assertThat(marks.next(read(1, 3), "10:00:00 UTC")).isEqualTo("10:00:00 UTC leader 1 (epoch 3)");
        assertThat(marks.next(read(1, 3), "10:00:05 UTC")).isNull();
        assertThat(marks.next(read(2, 4), "10:00:10 UTC")).isEqualTo("10:00:10 UTC leader changed 1 -> 2 (epoch 3 -> 4)");
        LineResult failed = new LineResult(ExitCode.UNREACHABLE, null, "no quorum leader reachable via b:9092 within 3s");
        assertThat(marks.next(failed, "10:00:15 UTC"))
                .isEqualTo("10:00:15 UTC quorum not readable: no quorum leader reachable via b:9092 within 3s");
        assertThat(marks.next(failed, "10:00:20 UTC")).isNull();
        assertThat(marks.next(read(3, 6), "10:00:25 UTC")).isEqualTo("10:00:25 UTC leader changed 2 -> 3 (epoch 4 -> 6)");
        assertThat(marks.next(read(3, 7), "10:00:30 UTC")).isEqualTo("10:00:30 UTC leader changed 3 -> 3 (epoch 6 -> 7)");
        assertThat(marks.recent().lines()).hasSize(5).first().isEqualTo("10:00:00 UTC leader 1 (epoch 3)");
    }
}
