package dev.kshell.rules.clients;

import dev.kshell.model.LogOffsets;
import dev.kshell.model.PartitionSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class HurtGroupsTest {

    @Test
    void should_name_each_hurt_group_with_the_two_resets_to_choose_between() {
        PartitionLag above = PartitionLag.judge(new PartitionSpec("ledger", 0), 200L, new LogOffsets.Range(0, 100, null),
                null, List.of(), 0);
        assertThat(HurtGroups.lines(List.of(new HurtGroups.Hurt("reader", above)))).containsExactly(
                "group reader: committed 200 on ledger-0 is now beyond the log end 100; its next fetch resets "
                        + "(earliest: resumes at 0; re-reads 100 records it had read before the log was truncated; "
                        + "latest: resumes at 100; but once producers write 100 more records the offset is in range "
                        + "again and the group skips those 100 without any reset). Choose: `groups reset-offsets "
                        + "reader --to-earliest --topic ledger:0` or `groups reset-offsets reader --to-latest --topic "
                        + "ledger:0`");
        assertThat(HurtGroups.lines(List.of())).isEmpty();
    }
}
