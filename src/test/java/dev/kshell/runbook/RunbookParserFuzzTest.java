package dev.kshell.runbook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import dev.kshell.grammar.GrammarException;
import dev.kshell.grammar.Tokenizer;

/**
 * Property: whatever the text, the parser returns a runbook or errors, never throws, and every error names a line
 * of the file. Fixed seeds, so a failure is reproducible.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RunbookParserFuzzTest {

    private static final String[] SNIPPETS = {"#", " # ", "\\", "\\\n", "\"", "'", "${", "${topic}", "${x", "}",
        "(", ")", "[", "]", "?[", ".![", "{", ":", " : \"m\"", "==", "!", "--timeout", " --every 5s", "5m", "0s",
        "\n", "\r\n", "\t", " ", "assert ", "wait-until ", "param ", "set ", "echo ", "confirm ", "allow unclean",
        "run ", "elect unclean ", "elect preferred --all", "--yes", "T(java.lang.Runtime)", "new ", "@bean", "#root",
        "#this", "result.", "cluster.", "leaderless(", ".size()", "=", "''", "\"\"", "\u0000", "\u00e9", "\uD83D",
        "and", "or", "?:", "?", "++", "--", "'\\'", "%", "\\\\"};
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz ABC0123456789\n\t#\\\"'${}()[]?:.-=!@,+*/<>%&|^~`;";

    private final RunbookParser parser = new RunbookParser();
    private final FakeCatalog catalog = new FakeCatalog();

    @Test
    void should_never_throw_on_random_text() {
        Random random = new Random(20260501L);
        for (int i = 0; i < 3000; i++) {
            StringBuilder sb = new StringBuilder();
            int len = random.nextInt(160);
            while (sb.length() < len) {
                if (random.nextInt(4) == 0) {
                    sb.append(SNIPPETS[random.nextInt(SNIPPETS.length)]);
                } else {
                    sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
                }
            }
            check(sb.toString(), random.nextBoolean() ? Map.of() : Map.of("topic", "t", "zz", "1"));
        }
    }

    @Test
    void should_never_throw_on_mutated_examples() throws IOException {
        List<String> examples = new ArrayList<>();
        try (var files = Files.list(ExampleRunbooksTest.DIR)) {
            for (Path p : files.filter(p -> p.toString().endsWith(".ksh")).sorted().toList()) {
                examples.add(Files.readString(p));
            }
        }
        Random random = new Random(42L);
        int parsedOk = 0;
        for (int i = 0; i < 3000; i++) {
            String text = examples.get(random.nextInt(examples.size()));
            int mutations = 1 + random.nextInt(4);
            for (int m = 0; m < mutations; m++) {
                text = mutate(text, random);
            }
            if (check(text, Map.of())) {
                parsedOk++;
            }
        }
        // Sanity: some mutations stay valid (e.g. inside comments), most do not.
        assertThat(parsedOk).isBetween(1, 2999);
    }

    @Test
    void should_quote_any_word_so_the_repl_reads_it_back() throws Exception {
        Random random = new Random(7L);
        for (int i = 0; i < 3000; i++) {
            List<String> words = new ArrayList<>();
            for (int w = random.nextInt(5); w >= 0; w--) {
                StringBuilder sb = new StringBuilder();
                for (int c = 1 + random.nextInt(8); c > 0; c--) { // JLine drops empty words: the parser does too
                    sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
                }
                words.add(sb.toString());
            }
            String line = Tokenizer.join(words);
            assertThat(Tokenizer.words(line)).as("line %s", line).isEqualTo(words);
        }
    }

    /** Parses; fails the test on an exception or a malformed result. Returns whether it parsed cleanly. */
    private boolean check(String text, Map<String, String> overrides) {
        ParseResult r;
        try {
            r = parser.parse("f.ksh", text, overrides, catalog);
        } catch (Throwable t) {
            throw new AssertionError("parser threw for input:\n" + text, t);
        }
        long lines = text.split("\r\n|\r|\n", -1).length;
        if (r.isOk()) {
            assertThat(r.errors()).isEmpty();
            for (Step s : r.runbook().steps()) {
                assertThat(s.line()).isBetween(1, (int) lines);
                if (s instanceof Step.Command c) {
                    try {
                        assertThat(Tokenizer.words(c.commandLine())).isEqualTo(c.words());
                    } catch (GrammarException e) {
                        fail("command line does not tokenise: " + c.commandLine());
                    }
                }
            }
            return true;
        }
        assertThat(r.errors()).isNotEmpty().allSatisfy(e -> {
            assertThat(e.line()).isBetween(0, (int) lines);
            assertThat(e.message()).isNotBlank();
            assertThat(e.render()).startsWith("f.ksh:");
        });
        assertThat(r.renderErrors().lines().count()).isGreaterThanOrEqualTo(r.errors().size());
        return false;
    }

    private static String mutate(String text, Random random) {
        if (text.isEmpty()) {
            return SNIPPETS[random.nextInt(SNIPPETS.length)];
        }
        int at = random.nextInt(text.length());
        switch (random.nextInt(6)) {
            case 0: { // delete a range
                int end = Math.min(text.length(), at + 1 + random.nextInt(12));
                return text.substring(0, at) + text.substring(end);
            }
            case 1: // insert a snippet
                return text.substring(0, at) + SNIPPETS[random.nextInt(SNIPPETS.length)] + text.substring(at);
            case 2: // insert a random character
                return text.substring(0, at) + ALPHABET.charAt(random.nextInt(ALPHABET.length())) + text.substring(at);
            case 3: { // duplicate a line
                String[] lines = text.split("\n", -1);
                int l = random.nextInt(lines.length);
                List<String> out = new ArrayList<>(List.of(lines));
                out.add(l, lines[l]);
                return String.join("\n", out);
            }
            case 4: { // swap two lines
                String[] lines = text.split("\n", -1);
                int a = random.nextInt(lines.length);
                int b = random.nextInt(lines.length);
                String t = lines[a];
                lines[a] = lines[b];
                lines[b] = t;
                return String.join("\n", lines);
            }
            default: // replace a character
                return text.substring(0, at) + ALPHABET.charAt(random.nextInt(ALPHABET.length()))
                        + text.substring(at + 1);
        }
    }
}
