package dev.kshell.runbook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RunbookParserTest {

    private final RunbookParser parser = new RunbookParser();
    private final FakeCatalog catalog = new FakeCatalog();

    private ParseResult parse(String text, Map<String, String> overrides) {
        return parser.parse("fix.ksh", text, overrides, catalog);
    }

    private ParseResult parse(String text) {
        return parse(text, Map.of());
    }

    private List<String> errors(String text) {
        ParseResult r = parse(text);
        assertThat(r.isOk()).as("expected errors for:%n%s", text).isFalse();
        return r.errors().stream().map(RunbookError::render).toList();
    }

    @Test
    void should_parse_the_design_example() {
        ParseResult r = parse("""
                # fix one topic
                allow unclean
                param topic = orders                # overridable
                set deadline = 5m
                echo "checking ${topic}"
                leaderless --topic ${topic}         # result kept as `result`
                assert result.partitions.size() == 0 : "still leaderless"
                wait-until cluster.leaderless(topic).isEmpty() --timeout ${deadline} --every 5s
                confirm "Trigger preferred election for ${topic}?"
                elect preferred --topic ${topic}
                """, Map.of("topic", "payments"));
        assertThat(r.errors()).isEmpty();
        Runbook rb = r.runbook();
        assertThat(rb.allowUnclean()).isTrue();
        assertThat(rb.values()).containsExactly(Map.entry("topic", "payments"), Map.entry("deadline", "5m"));
        assertThat(rb.params()).singleElement().satisfies(p -> {
            assertThat(p.defaultValue()).isEqualTo("orders");
            assertThat(p.value()).isEqualTo("payments");
            assertThat(p.overridden()).isTrue();
        });
        assertThat(rb.steps()).extracting(Step::line).containsExactly(5, 6, 7, 8, 9, 10);
        assertThat(rb.steps().get(0)).isEqualTo(new Step.Echo(5, "echo \"checking ${topic}\"", "checking payments"));
        Step.Command leaderless = (Step.Command) rb.steps().get(1);
        assertThat(leaderless.commandLine()).isEqualTo("leaderless --topic payments");
        assertThat(leaderless.mutating()).isFalse();
        Step.Assert a = (Step.Assert) rb.steps().get(2);
        assertThat(a.expression().source()).isEqualTo("result.partitions.size() == 0");
        assertThat(a.message()).isEqualTo("still leaderless");
        Step.WaitUntil w = (Step.WaitUntil) rb.steps().get(3);
        assertThat(w.timeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(w.every()).isEqualTo(Duration.ofSeconds(5));
        assertThat(w.expression().source()).isEqualTo("cluster.leaderless(topic).isEmpty()");
        assertThat(((Step.Confirm) rb.steps().get(4)).question()).isEqualTo("Trigger preferred election for payments?");
        Step.Command elect = (Step.Command) rb.steps().get(5);
        assertThat(elect.mutating()).isTrue();
        assertThat(elect.unclean()).isFalse();
    }

    @Test
    void should_report_every_error_together_in_file_order() {
        assertThat(errors("""
                triage
                frobnicate --now
                leaderless --topic ${nope}
                assert result.total ==
                echo "unbalanced
                wait-until cluster.healthy() --timeout 5 minutes
                run other.ksh
                elect preferred --topic x --yes
                elect preferred --topic x --yes=true
                """)).containsExactly(
                "fix.ksh:2: unknown command 'frobnicate'",
                "fix.ksh:3: undefined param ${nope}",
                "fix.ksh:4: bad expression at column 14: Problem parsing right operand",
                "fix.ksh:5: unbalanced quote",
                "fix.ksh:6: --timeout takes one duration, at the end of the line: wait-until EXPR [--timeout D] [--every D]",
                "fix.ksh:7: nested 'run' is not allowed: a runbook cannot run another runbook",
                "fix.ksh:8: a step cannot answer its own confirmation: remove --yes and pass --yes to run",
                "fix.ksh:9: elect preferred: unknown option --yes=true",
                "fix.ksh:9: a step cannot answer its own confirmation: remove --yes=true and pass --yes to run");
    }

    @Test
    void should_report_unknown_commands_and_directives() {
        assertThat(errors("wait_until cluster.healthy()\nasert result.total == 0\nallow everything\n"))
                .containsExactly(
                        "fix.ksh:1: unknown command 'wait_until' (did you mean the directive 'wait-until'?)",
                        "fix.ksh:2: unknown command 'asert' (did you mean the directive 'assert'?)",
                        "fix.ksh:3: unknown permission 'everything' (the only one is: allow unclean)");
    }

    @Test
    void should_report_usage_errors_from_the_catalog() {
        assertThat(errors("\n\nleaderless --topic\ndescribe\nelect preferred\n")).containsExactly(
                "fix.ksh:3: leaderless: --topic needs a value",
                "fix.ksh:4: describe: needs one TOPIC",
                "fix.ksh:5: elect preferred: give --all or --topic T");
    }

    @Test
    void should_report_undefined_params_in_every_place_they_can_appear() {
        assertThat(errors("""
                echo ${a}
                confirm "go ${b}?"
                assert result.total == ${c}
                assert missing == 0
                assert result.partitions.?[topic == #wanted].isEmpty()
                wait-until cluster.healthy() --timeout ${d}
                param late = x
                """)).containsExactly(
                "fix.ksh:1: undefined param ${a} (known: late)".replace(" (known: late)", ""),
                "fix.ksh:2: undefined param ${b}",
                "fix.ksh:3: undefined param ${c}",
                "fix.ksh:4: undefined name 'missing' in expression (known: cluster, result)",
                "fix.ksh:5: undefined name 'wanted' in expression (known: cluster, result)",
                "fix.ksh:6: undefined param ${d}");
        assertThat(errors("echo ${late}\nparam late = x\n"))
                .containsExactly("fix.ksh:1: undefined param ${late}; it is defined later, at line 2");
    }

    @Test
    void should_check_params_and_overrides() {
        assertThat(parse("param topic\nleaderless --topic ${topic}\n", Map.of("topic", "t1")).isOk()).isTrue();
        ParseResult r = parse("""
                param topic
                param topic = again
                set limit = 3
                param 9lives = x
                param result = x
                set empty
                param two = a b
                """, Map.of("limit", "4", "nosuch", "1"));
        assertThat(r.errors()).extracting(RunbookError::render).containsExactly(
                "fix.ksh:1: param 'topic' has no default: pass --param topic=VALUE",
                "fix.ksh:2: 'topic' is already defined at line 1",
                "fix.ksh:3: --param limit: 'limit' is set by the runbook, not a param",
                "fix.ksh:4: bad name '9lives': use letters, digits and _ (not result, cluster or a SpEL word such as"
                        + " and, or, not)",
                "fix.ksh:5: bad name 'result': use letters, digits and _ (not result, cluster or a SpEL word such"
                        + " as and, or, not)",
                "fix.ksh:6: set empty needs a value: set empty = value",
                "fix.ksh:7: param two: the value is 2 words; quote it",
                "fix.ksh: --param nosuch: no param 'nosuch' in this runbook (params: topic)");
    }

    @Test
    void should_reject_bad_and_unsafe_expressions_at_parse_time() {
        List<String> errs = errors("""
                assert T(java.lang.Runtime).getRuntime().exec('x') == null
                assert new java.io.File('x').exists()
                assert @bean == null
                assert ''.getClass().forName('x') == null
                assert exit()
                wait-until
                """);
        assertThat(errs).hasSize(6);
        assertThat(errs.get(0)).startsWith("fix.ksh:1: type references");
        assertThat(errs.get(1)).startsWith("fix.ksh:2: 'new' is not allowed");
        assertThat(errs.get(2)).startsWith("fix.ksh:3: bean references");
        assertThat(errs.get(3)).startsWith("fix.ksh:4: method 'getClass' is not allowed");
        assertThat(errs.get(5)).isEqualTo("fix.ksh:6: missing expression");
        assertThat(errs.get(4)).startsWith("fix.ksh:5: unknown function 'exit()'");
    }

    @Test
    void should_report_a_continued_line_at_its_first_line() {
        ParseResult r = parse("""
                triage
                leaderless \\
                    --topic \\
                    --bogus
                assert result.total \\
                   == 0
                echo "a" \\
                """);
        assertThat(r.errors()).extracting(RunbookError::render).containsExactly(
                "fix.ksh:2: leaderless: --topic needs a value",
                "fix.ksh:7: the line continues (\\) past the end of the file");
        ParseResult ok = parse("leaderless \\\n  --topic orders\nassert result.total \\\n == 0\n");
        assertThat(ok.runbook().steps()).extracting(Step::line).containsExactly(1, 3);
        assertThat(((Step.Command) ok.runbook().steps().get(0)).commandLine()).isEqualTo("leaderless --topic orders");
    }

    @Test
    void should_strip_comments_but_not_hashes_in_quotes_or_spel_variables() {
        ParseResult r = parse("""
                #!/usr/bin/env kshell
                   # indented comment
                echo "item #1 # not a comment" # a comment
                param wanted = orders
                assert result.partitions.?[topic == #wanted].size() == 0   # a comment
                assert #root.wanted == 'orders' : "#1 message"
                """);
        assertThat(r.errors()).isEmpty();
        assertThat(((Step.Echo) r.runbook().steps().get(0)).message()).isEqualTo("item #1 # not a comment");
        assertThat(((Step.Assert) r.runbook().steps().get(1)).expression().source())
                .isEqualTo("result.partitions.?[topic == #wanted].size() == 0");
        assertThat(((Step.Assert) r.runbook().steps().get(2)).message()).isEqualTo("#1 message");
    }

    @Test
    void should_substitute_params_as_words_and_as_expression_literals() {
        ParseResult r = parse("""
                param topic = "my topic"
                param max = 3
                describe ${topic}
                assert result.total < ${max} and '${topic}' == topic and ${topic} == topic
                assert true ? true : false
                assert result.total == 0 : 'plain ${topic}'
                """);
        assertThat(r.errors()).isEmpty();
        Step.Command d = (Step.Command) r.runbook().steps().get(0);
        assertThat(d.words()).containsExactly("describe", "my topic");
        assertThat(d.commandLine()).isEqualTo("describe \"my topic\"");
        assertThat(((Step.Assert) r.runbook().steps().get(1)).expression().source())
                .isEqualTo("result.total < 3 and 'my topic' == topic and 'my topic' == topic");
        Step.Assert ternary = (Step.Assert) r.runbook().steps().get(2);
        assertThat(ternary.expression().source()).isEqualTo("true ? true : false");
        assertThat(ternary.message()).isNull();
        assertThat(((Step.Assert) r.runbook().steps().get(3)).message()).isEqualTo("plain my topic");
    }

    @Test
    void should_drop_words_that_substitute_to_nothing() {
        Step.Command c = (Step.Command) parse("param x = \"\"\ndescribe ${x} orders\n").runbook().steps().get(0);
        assertThat(c.words()).containsExactly("describe", "orders");
        assertThat(c.commandLine()).isEqualTo("describe orders");
    }

    @Test
    void should_check_durations() {
        assertThat(errors("""
                wait-until cluster.healthy() --timeout 5x
                wait-until cluster.healthy() --every 0s
                wait-until cluster.healthy() --every
                wait-until cluster.healthy() --every 1s --every 2s
                """)).containsExactly(
                "fix.ksh:1: --timeout: '5x' is not a duration; use a number with a unit: 500ms, 10s, 2m, 1h",
                "fix.ksh:2: --every: must be more than zero, got '0s'",
                "fix.ksh:3: --every needs a duration (e.g. 30s, 5m)",
                "fix.ksh:4: --every given twice");
        Step.WaitUntil w = (Step.WaitUntil) parse("wait-until cluster.healthy()").runbook().steps().get(0);
        assertThat(w.timeout()).isEqualTo(RunbookParser.DEFAULT_TIMEOUT);
        assertThat(w.every()).isEqualTo(RunbookParser.DEFAULT_EVERY);
        // The shell's own duration syntax (session.Durations), as --timeout reads it.
        Step.WaitUntil w2 = (Step.WaitUntil) parse("wait-until cluster.healthy() --timeout 1m30s --every 500ms")
                .runbook().steps().get(0);
        assertThat(w2.timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(w2.every()).isEqualTo(Duration.ofMillis(500));
        assertThat(errors("wait-until cluster.healthy() --timeout 1.5s")).singleElement().asString()
                .contains("'1.5s' is not a duration");
    }

    @Test
    void should_mark_unclean_steps_and_read_allow_unclean() {
        Runbook rb = parse("allow unclean\nelect unclean --topic t --partition 0\n").runbook();
        assertThat(rb.allowUnclean()).isTrue();
        assertThat(((Step.Command) rb.steps().get(0)).unclean()).isTrue();
    }

    @Test
    void should_accept_an_empty_file_and_windows_line_ends() {
        assertThat(parse("").runbook().steps()).isEmpty();
        assertThat(parse("triage\r\nquorum\r\n").runbook().steps()).extracting(Step::line).containsExactly(1, 2);
    }

    @Test
    void should_refuse_a_param_that_would_become_an_option_or_a_command_word_when_the_file_is_checked() {
        String text = """
                param p = orders
                param cmd = elect
                elect preferred --topic ${p}
                """;
        assertThat(parse(text).isOk()).isTrue();
        ParseResult option = parse(text, Map.of("p", "--all"));
        assertThat(option.errors()).extracting(RunbookError::render).containsExactly(
                "fix.ksh:3: '${p}' is '--all', which would be read as an option: a param fills values only (for a "
                        + "value that starts with '-', write --option=${p})");

        assertThat(errors("param p = --all\nelect preferred ${p}\n")).containsExactly(
                "fix.ksh:2: '${p}' is '--all', which would be read as an option: a param fills values only (for a "
                        + "value that starts with '-', write --option=${p})");
        assertThat(errors("param c = elect\n${c} preferred --all\n")).containsExactly(
                "fix.ksh:2: '${c}' would name the command: a param fills values only");
        assertThat(errors("param o = all\nelect preferred --${o}\n")).containsExactly(
                "fix.ksh:2: '--${o}' would make an option out of a param: a param fills values only");
        // a value with a space stays one word; an option's inline value may start with '-'
        assertThat(parse("param tp = \"a b\"\nelect preferred --topic ${tp}\n").errors()).isEmpty();
        assertThat(Substitution.syntaxFromParam(List.of(new Substitution.Word("leaderless", "leaderless"),
                new Substitution.Word("--topic=${tp}", "--topic=-x")), 1)).isNull();
    }
}
