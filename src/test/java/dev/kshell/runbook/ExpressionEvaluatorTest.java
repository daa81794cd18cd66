package dev.kshell.runbook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.kshell.runbook.ExpressionEvaluator.Bindings;
import dev.kshell.runbook.ExpressionEvaluator.EvaluationFailure;
import dev.kshell.runbook.ExpressionEvaluator.InvalidExpressionException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ExpressionEvaluatorTest {

    private final ExpressionEvaluator evaluator = new ExpressionEvaluator();

    record Partition(String topic, int partition, int leader, List<Integer> isr) {
    }

    static final class FakeCluster implements ClusterView {
        final AtomicInteger reads;
        final List<?> leaderless;

        FakeCluster(AtomicInteger reads, List<?> leaderless) {
            this.reads = reads;
            this.leaderless = leaderless;
        }

        @Override
        public List<?> leaderless(String topic) {
            reads.incrementAndGet();
            return leaderless.stream().filter(p -> ((Partition) p).topic().equals(topic)).toList();
        }

        @Override
        public List<?> leaderless() {
            return leaderless;
        }

        @Override
        public List<?> underMinIsr(String topic) {
            return List.of();
        }

        @Override
        public List<?> underMinIsr() {
            return List.of();
        }

        @Override
        public boolean healthy() {
            return leaderless.isEmpty();
        }

        /** Public but not part of ClusterView: must stay out of reach. */
        public String secret() {
            return "secret";
        }
    }

    private static final JsonNode RESULT = JsonMapper.builder().build().readTree("""
            {"total": 2, "verdict": "DEGRADED", "partitions": [
              {"topic": "orders", "partition": 0, "leader": -1, "replicas": [1,2,3], "isr": [1]},
              {"topic": "orders", "partition": 1, "leader": 2, "replicas": [2,3,1], "isr": [2,3]}]}""");

    private Bindings bindings(AtomicInteger reads) {
        List<Partition> down = List.of(new Partition("orders", 0, -1, List.of(1)));
        return new Bindings(RESULT, Map.of("topic", "orders", "max", "3"), () -> new FakeCluster(reads, down));
    }

    private Object eval(String text) throws Exception {
        return evaluator.evaluate(evaluator.compile(text), bindings(new AtomicInteger()));
    }

    @Test
    void should_read_json_result_params_and_cluster() throws Exception {
        assertThat(eval("result.total == 2")).isEqualTo(true);
        assertThat(eval("result.partitions.size()")).isEqualTo(2);
        assertThat(eval("result.partitions[0].leader")).isEqualTo(-1);
        assertThat(eval("result.partitions.?[leader == -1].size() == 1")).isEqualTo(true);
        assertThat(eval("result.partitions.![partition]")).isEqualTo(List.of(0, 1));
        assertThat(eval("result.partitions.?[topic == #topic].size()")).isEqualTo(2);
        assertThat(eval("result.verdict == 'DEGRADED' and topic == 'orders'")).isEqualTo(true);
        assertThat(eval("result.total < max")).isEqualTo(true);
        assertThat(eval("cluster.leaderless(topic).size()")).isEqualTo(1);
        assertThat(eval("cluster.leaderless(topic)[0].leader")).isEqualTo(-1);
        assertThat(eval("cluster.leaderless('other').isEmpty()")).isEqualTo(true);
        assertThat(eval("!cluster.healthy()")).isEqualTo(true);
        assertThat(eval("topic.startsWith('ord') and result.partitions[1].isr.contains(3)")).isEqualTo(true);
    }

    @Test
    void should_fetch_the_cluster_lazily_and_once_per_evaluation() throws Exception {
        AtomicInteger reads = new AtomicInteger();
        AtomicInteger views = new AtomicInteger();
        Bindings b = new Bindings(RESULT, Map.of("topic", "orders"), () -> {
            views.incrementAndGet();
            return new FakeCluster(reads, List.of());
        });
        evaluator.evaluate(evaluator.compile("result.total == 2"), b);
        assertThat(views).hasValue(0);
        evaluator.evaluate(evaluator.compile("cluster.leaderless(topic).isEmpty() and cluster.healthy()"), b);
        assertThat(views).hasValue(1);
        evaluator.evaluate(evaluator.compile("cluster.healthy()"), b);
        assertThat(views).hasValue(2);
    }

    @Test
    void should_list_the_names_an_expression_reads_from_the_root() throws Exception {
        assertThat(evaluator.compile("result.partitions.?[leader == #wanted].size() == max and cluster.healthy()")
                .rootNames()).containsExactlyInAnyOrder("result", "wanted", "max", "cluster");
        assertThat(evaluator.compile("cluster.leaderless(topic).isEmpty()").rootNames())
                .containsExactlyInAnyOrder("cluster", "topic");
        assertThat(evaluator.compile("result.partitions.![topic]").rootNames()).containsExactly("result");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "T(java.lang.Runtime).getRuntime().exec('x')",
        "new java.io.File('x')",
        "new int[1000000]",
        "@bean",
        "@bean.destroy()",
        "''.getClass().forName('java.lang.Runtime')",
        "result.getClass()",
        "result.class",
        "result.total = 5",
        "#topic = 'x'",
        "#f('x')",
        "cluster.secret()",
        "exit()",
        "result.partitions[0].leader++",
    })
    void should_reject_escapes_at_compile_time(String text) {
        assertThatThrownBy(() -> evaluator.compile(text)).isInstanceOf(InvalidExpressionException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "T(java.lang.Runtime).getRuntime().exec('x')",
        "T(java.lang.System).exit(1)",
        "new java.io.File('x')",
        "@bean",
        "''.getClass().forName('java.lang.Runtime')",
        "''.class.forName('java.lang.Runtime')",
        "result.getClass()",
        "result.class.classLoader",
        "cluster.secret()",
        "cluster.getClass()",
        "result.total = 5",
        "result.partitions[0].leader = 7",
        "#topic = 'x'",
        "topic.getBytes()",
        "result.partitions.clear()",
    })
    void should_reject_escapes_at_run_time_even_without_the_compile_checks(String text) {
        Bindings b = bindings(new AtomicInteger());
        assertThatThrownBy(() -> evaluator.evaluateUnchecked(text, b))
                .isInstanceOf(EvaluationFailure.class)
                .satisfies(e -> assertThat(((EvaluationFailure) e).clusterUnavailable()).isFalse());
        assertThat(new File("x")).doesNotExist();
        assertThat(RESULT.get("total").asInt()).isEqualTo(2);
    }

    @Test
    void should_report_syntax_errors_with_the_column() {
        assertThatThrownBy(() -> evaluator.compile("result.total ==")).hasMessageContaining("bad expression");
        assertThatThrownBy(() -> evaluator.compile("result.verdict == 'HEALTHY")).hasMessageContaining("bad expression");
        assertThatThrownBy(() -> evaluator.compile("a b")).hasMessageContaining("column");
    }

    @Test
    void should_tell_a_cluster_failure_from_a_mistake() throws Exception {
        Bindings down = new Bindings(RESULT, Map.of(), () -> {
            throw new IllegalStateException("Timed out waiting for a node assignment");
        });
        assertThatThrownBy(() -> evaluator.test(evaluator.compile("cluster.healthy()"), down))
                .isInstanceOf(EvaluationFailure.class)
                .hasMessageContaining("Timed out")
                .satisfies(e -> assertThat(((EvaluationFailure) e).clusterUnavailable()).isTrue());
        assertThatThrownBy(() -> evaluator.test(evaluator.compile("result.totl == 0"), down))
                .isInstanceOf(EvaluationFailure.class)
                .hasMessageContaining("totl")
                .satisfies(e -> assertThat(((EvaluationFailure) e).clusterUnavailable()).isFalse());
        assertThatThrownBy(() -> evaluator.test(evaluator.compile("result.total"), down))
                .hasMessageContaining("not true or false");
    }

    @Test
    void should_describe_the_operands_of_a_false_comparison() throws Exception {
        var c = evaluator.compile("cluster.leaderless(topic).size() == 0");
        AtomicInteger reads = new AtomicInteger();
        assertThat(evaluator.check(c, bindings(reads))).isEqualTo(new ExpressionEvaluator.Check(false,
                "left: 1, right: 0"));
        assertThat(evaluator.check(evaluator.compile("cluster.healthy()"), bindings(reads)))
                .isEqualTo(new ExpressionEvaluator.Check(false, ""));
        assertThat(evaluator.check(evaluator.compile("result.total == 2"), bindings(reads)))
                .isEqualTo(new ExpressionEvaluator.Check(true, ""));
    }

    @Test
    void should_type_whole_numbers_as_long() {
        assertThat(ExpressionEvaluator.typed("42")).isEqualTo(42L);
        assertThat(ExpressionEvaluator.typed("orders")).isEqualTo("orders");
        assertThat(ExpressionEvaluator.typed("5m")).isEqualTo("5m");
        assertThat(ExpressionEvaluator.isValidName("topic")).isTrue();
        assertThat(ExpressionEvaluator.isValidName("result")).isFalse();
        assertThat(ExpressionEvaluator.isValidName("AND")).isFalse();
        assertThat(ExpressionEvaluator.isValidName("my-topic")).isFalse();
    }
}
