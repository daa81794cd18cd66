package dev.kshell.util;

import dev.kshell.audit.AuditDecision;
import dev.kshell.rules.PartitionCheck;
import dev.kshell.rules.StepStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class EnvironmentTest {

    /** A property no other test sets: the class path file of a Kafka line that does not exist. */
    private static final String LINE = "0.0-environment-test";

    @Test
    void should_read_a_property_at_each_call() {
        String property = Environment.kafkaClassPathProperty(LINE);
        try {
            assertThat(Environment.kafkaClassPathFile(LINE)).isNull();
            System.setProperty(property, "/tmp/a");
            assertThat(Environment.kafkaClassPathFile(LINE)).isEqualTo("/tmp/a");
            System.setProperty(property, "/tmp/b");
            assertThat(Environment.kafkaClassPathFile(LINE)).isEqualTo("/tmp/b");
        } finally {
            System.clearProperty(property);
        }
    }

    @Test
    void should_take_a_setting_from_its_property_before_its_variable_and_ignore_a_blank_one() {
        Environment.Setting setting = new Environment.Setting("kshell.environment-test.setting", "PATH");
        try {
            System.setProperty(setting.property(), "from-property");
            assertThat(setting.read()).isEqualTo("from-property");
            System.setProperty(setting.property(), "  ");
            assertThat(setting.read()).isEqualTo(System.getenv("PATH"));
        } finally {
            System.clearProperty(setting.property());
        }
    }

    @Test
    void should_spell_a_labelled_enum_as_its_constant_in_lower_case_with_dashes() {
        assertThat(PartitionCheck.UNDER_MIN_ISR.label()).isEqualTo("under-min-isr");
        assertThat(StepStatus.SKIPPED).hasToString("skipped");
        assertThat(AuditDecision.NOT_NEEDED.label()).isEqualTo("not-needed");
    }
}
