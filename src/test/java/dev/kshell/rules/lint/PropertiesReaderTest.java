package dev.kshell.rules.lint;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import org.assertj.core.groups.Tuple;

@Timeout(30)
class PropertiesReaderTest {

    private static PropertiesFile parse(String text) {
        return PropertiesReader.parse("f.properties", text);
    }

    @Test
    void should_keep_the_line_of_every_key() {
        PropertiesFile f = parse("# comment\n\n! also a comment\nprocess.roles=broker\n  node.id = 4\nlisteners:PLAINTEXT://:9092\n");
        assertThat(f.entries()).containsExactly(
                new PropertyEntry("process.roles", "broker", 4),
                new PropertyEntry("node.id", "4", 5),
                new PropertyEntry("listeners", "PLAINTEXT://:9092", 6));
        assertThat(f.where("node.id")).isEqualTo("f.properties:5");
        assertThat(f.where("absent.key")).isEqualTo("f.properties");
        assertThat(f.problems()).isEmpty();
    }

    @Test
    void should_split_on_equals_colon_or_whitespace_like_java_util_properties() {
        PropertiesFile f = parse("a=1\nb:2\nc 3\nd\t =  4\ne\nf = x=y\n");
        assertThat(f.effective()).containsOnlyKeys("a", "b", "c", "d", "e", "f");
        assertThat(f.value("c")).isEqualTo("3");
        assertThat(f.value("d")).isEqualTo("4");
        assertThat(f.value("e")).isEmpty();
        assertThat(f.value("f")).isEqualTo("x=y");
    }

    @Test
    void should_join_continuation_lines_and_report_the_first_line() {
        PropertiesFile f = parse("x=1\ncontroller.quorum.voters=1@localhost:9193,\\\n    2@localhost:9293,\\\r\n  3@localhost:9393\ny=2\n");
        assertThat(f.entry("controller.quorum.voters")).get()
                .isEqualTo(new PropertyEntry("controller.quorum.voters",
                        "1@localhost:9193,2@localhost:9293,3@localhost:9393", 2));
        assertThat(f.entry("y").orElseThrow().line()).isEqualTo(5);
    }

    @Test
    void should_unescape_like_java_util_properties() {
        PropertiesFile f = parse("key\\ with\\ spaces=a\\tb\\u00e9\\\\c\nk\\:1=v\n");
        assertThat(f.value("key with spaces")).isEqualTo("a\tbé\\c");
        assertThat(f.value("k:1")).isEqualTo("v");
    }

    @Test
    void should_count_crlf_and_cr_line_endings_once() {
        PropertiesFile f = parse("a=1\r\nb=2\rc=3\n");
        assertThat(f.entries()).extracting(PropertyEntry::line).containsExactly(1, 2, 3);
    }

    @Test
    void should_report_duplicate_keys_at_the_later_line() {
        PropertiesFile f = parse("node.id=1\nlisteners=A://:1\nnode.id=2\n");
        assertThat(f.value("node.id")).isEqualTo("2");
        assertThat(f.problems()).singleElement().satisfies(p -> {
            assertThat(p.rule()).isEqualTo("duplicate-key");
            assertThat(p.severity()).isEqualTo(Severity.WARNING);
            assertThat(p.where()).isEqualTo("f.properties:3");
            assertThat(p.message()).contains("lines 1 and 3");
        });
    }

    @Test
    void should_report_a_malformed_unicode_escape_as_an_error_value() {
        PropertiesFile f = parse("a=1\nb=\\u12\nc=3\n");
        assertThat(f.problems()).extracting(Finding::rule, Finding::where)
                .containsExactly(Tuple.tuple("malformed-escape", "f.properties:2"));
        assertThat(f.effective()).containsOnlyKeys("a", "c");
    }

    @Test
    void should_flag_a_byte_order_mark() {
        PropertiesFile f = parse("\uFEFFprocess.roles=broker\n");
        assertThat(f.value("process.roles")).isEqualTo("broker");
        assertThat(f.problems()).extracting(Finding::rule).containsExactly("byte-order-mark");
    }

    @Test
    void should_return_unreadable_for_a_missing_file(@TempDir Path dir) {
        Path missing = dir.resolve("nope.properties");
        assertThat(PropertiesReader.read(missing)).isEqualTo(
                new PropertiesReader.Unreadable(missing.toString(), "no such file"));
    }

    @Test
    void should_return_unreadable_for_a_directory(@TempDir Path dir) {
        assertThat(PropertiesReader.read(dir)).isInstanceOf(PropertiesReader.Unreadable.class)
                .extracting(PropertiesReader.Result::path).isEqualTo(dir.toString());
    }

    @Test
    void should_return_unreadable_for_binary_content(@TempDir Path dir) throws IOException {
        Path bin = dir.resolve("x.properties");
        Files.write(bin, new byte[] {'a', '=', 0, 1, 2});
        assertThat(PropertiesReader.read(bin)).isInstanceOfSatisfying(PropertiesReader.Unreadable.class,
                u -> assertThat(u.reason()).contains("NUL byte at offset 2"));
    }

    @Test
    void should_fall_back_to_iso_8859_1_for_invalid_utf8(@TempDir Path dir) throws IOException {
        Path latin = dir.resolve("latin.properties");
        Files.write(latin, "a=caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(PropertiesReader.read(latin)).isInstanceOfSatisfying(PropertiesReader.Read.class,
                r -> assertThat(r.file().value("a")).isEqualTo("café"));
    }

    @Test
    void should_agree_with_java_util_properties_on_random_text() throws IOException {
        Random random = new Random(42);
        char[] alphabet = {'a', 'b', 'u', 'f', '0', 'e', '=', ':', ' ', '\t', '\f', '\\', '\\', '\n', '\r', '#', '!'};
        for (int round = 0; round < 5000; round++) {
            StringBuilder sb = new StringBuilder();
            int len = random.nextInt(40);
            for (int i = 0; i < len; i++) {
                sb.append(alphabet[random.nextInt(alphabet.length)]);
            }
            String text = sb.toString();
            Properties expected = new Properties();
            boolean malformed = false;
            try {
                expected.load(new StringReader(text));
            } catch (IllegalArgumentException e) {
                malformed = true;
            }
            PropertiesFile actual = parse(text);
            if (malformed) {
                assertThat(actual.problems()).as("input %s", escape(text))
                        .anyMatch(p -> p.rule().equals("malformed-escape"));
            } else {
                Map<String, String> expectedMap = new LinkedHashMap<>();
                expected.stringPropertyNames().forEach(k -> expectedMap.put(k, expected.getProperty(k)));
                Map<String, String> actualMap = new LinkedHashMap<>();
                actual.effective().forEach((k, e) -> actualMap.put(k, e.value()));
                assertThat(actualMap).as("input %s", escape(text)).isEqualTo(expectedMap);
            }
        }
    }

    @Test
    void should_never_throw_on_random_bytes(@TempDir Path dir) throws IOException {
        Random random = new Random(7);
        for (int round = 0; round < 300; round++) {
            byte[] bytes = new byte[random.nextInt(300)];
            random.nextBytes(bytes);
            Path p = dir.resolve("r" + round + ".properties");
            Files.write(p, bytes);
            assertThatCode(() -> PropertiesReader.read(p)).doesNotThrowAnyException();
        }
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
                .replace("\f", "\\f");
    }
}
