package dev.kshell.connection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.grammar.GrammarException;
import dev.kshell.grammar.Tokenizer;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Random input for the tokenizer and the masker: random Unicode (separators, quotes, escapes, surrogates, line
 * ends), long words up to 100 kB. Properties only, never a time: what is typed reads back unchanged, no secret
 * value survives masking, masking twice is masking once, nothing throws (a regex recursing per character overflowed
 * the stack on a 8 kB quoted value). The time per kB is scripts/bench-mask's business.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class InputFuzzTest {

    // Characters that mean something to one of the two: ASCII and Unicode separators, quotes, escapes, '=' and ':',
    // braces, separators of the masker's values, letters of the secret words (supplementary characters come from
    // the random code points).
    private static final String SPECIAL = " \t\n\r\u000B\f\u2003\u3000\u2028\u2029\u0085\u00A0\u1680\"'\\=:;,{}-.#$"
            + "passwordtokenjaassecret-----BEGIN PRIVATE KEY-----é€";

    private final Random random = new Random(38L);

    @Test
    void should_read_back_every_joined_word_list_unchanged() {
        for (int i = 0; i < 3000; i++) {
            List<String> words = new ArrayList<>();
            for (int w = random.nextInt(5); w >= 0; w--) {
                words.add(randomText(1 + random.nextInt(12))); // JLine drops an empty "" between words
            }
            String line = Tokenizer.join(words);
            assertThat(Tokenizer.words(line)).as(line).isEqualTo(words);
        }
    }

    @Test
    void should_keep_a_long_word_one_word() {
        for (int size : new int[] {8_000, 16_000, 100_000}) {
            String word = randomText(size);
            assertThat(Tokenizer.words(Tokenizer.join(List.of("describe", word)))).containsExactly("describe", word);
        }
    }

    @Test
    void should_split_random_lines_or_refuse_them_with_a_grammar_error() {
        for (int i = 0; i < 3000; i++) {
            String line = randomText(random.nextInt(40));
            try {
                List<String> words = Tokenizer.words(line);
                assertThat(words).doesNotContainNull();
                assertThat(Tokenizer.spans(line)).hasSizeGreaterThanOrEqualTo(words.stream()
                        .filter(w -> !w.isEmpty()).count() == 0 ? 0 : 1);
            } catch (GrammarException expected) {
                assertThat(expected.getMessage()).isNotBlank();
            }
        }
    }

    @Test
    void should_mask_random_text_without_throwing_and_masking_twice_changes_nothing() {
        for (int i = 0; i < 2000; i++) {
            String text = randomText(random.nextInt(200));
            String once = Secrets.maskText(text);
            assertThat(Secrets.maskText(once)).as(text).isEqualTo(once);
        }
        for (int size : new int[] {8_000, 16_000, 100_000}) {
            String text = randomText(size);
            String once = Secrets.maskText(text);
            assertThat(Secrets.maskText(once)).isEqualTo(once);
        }
    }

    @Test
    void should_hide_an_unquoted_secret_value_wherever_it_stands() {
        for (int i = 0; i < 2000; i++) {
            String secret = secretWord(8 + random.nextInt(40));
            String line = randomText(random.nextInt(60)) + "\n" + key() + "=" + secret + "\n"
                    + randomText(random.nextInt(60));
            assertThat(Secrets.maskText(line)).as(line).doesNotContain(secret);
        }
    }

    @Test
    void should_hide_a_quoted_secret_value_holding_anything() {
        for (int i = 0; i < 2000; i++) {
            String secret = "S" + randomText(8 + random.nextInt(40)).replace("\\", "").replace("\"", "")
                    .replace("\r", "").replace("\n", "") + "Z";
            String line = randomText(random.nextInt(60)) + " " + key() + "=\"" + secret + "\" "
                    + randomText(random.nextInt(60));
            assertThat(Secrets.maskText(line)).as(line).doesNotContain(secret);
        }
    }

    @Test
    void should_hide_long_secret_values_and_survive_long_secret_words() {
        for (int size : new int[] {8_000, 16_000, 100_000}) {
            String secret = secretWord(size);
            assertThat(Secrets.maskText("password=" + secret)).isEqualTo("password=****");
            assertThat(Secrets.maskText("password=\"" + secret + "\"")).isEqualTo("password=\"****\"");
            assertThat(Secrets.maskText("password=\"" + "a\\\"".repeat(size / 3) + "\""))
                    .isEqualTo("password=\"****\"");
            String tokens = "token".repeat(size / 5);
            assertThat(Secrets.maskText(tokens)).isEqualTo(tokens);
            assertThat(Secrets.maskText(tokens + "=x")).isEqualTo(tokens + "=****");
            assertThat(Secrets.maskText("sasl.jaas.config=x " + "a=\"b\" ".repeat(size / 6) + ";"))
                    .isEqualTo("sasl.jaas.config=****");
        }
    }

    private String key() {
        String[] keys = {"password", "ssl.keystore.password", "sasl.jaas.config", "client.secret", "access-token",
            "ssl.keystore.key", "MY_TOKEN", "x.password.y"};
        return keys[random.nextInt(keys.length)];
    }

    // A value the masker's rule takes whole: no white space, quote, brace, backslash, ';' or ','; starts with a
    // letter (not "null", "[hidden]" or the mask itself).
    private String secretWord(int length) {
        StringBuilder sb = new StringBuilder("Q");
        while (sb.length() < length) {
            int cp = randomCodePoint();
            if (Character.isWhitespace(cp) || Character.isSpaceChar(cp) || "\"'{}\\;,\u0085".indexOf(cp) >= 0
                    || Character.getType(cp) == Character.LINE_SEPARATOR) {
                continue;
            }
            sb.appendCodePoint(cp);
        }
        return sb.toString();
    }

    private String randomText(int length) {
        StringBuilder sb = new StringBuilder(length);
        while (sb.length() < length) {
            sb.appendCodePoint(randomCodePoint());
        }
        return sb.toString();
    }

    private int randomCodePoint() {
        int pick = random.nextInt(10);
        if (pick < 4) {
            return SPECIAL.charAt(random.nextInt(SPECIAL.length()));
        }
        if (pick < 7) {
            return 'a' + random.nextInt(26);
        }
        while (true) {
            int cp = random.nextInt(0x30000);
            if (Character.isDefined(cp) && !Character.isSurrogate((char) cp) || cp > 0xFFFF) {
                return cp;
            }
        }
    }
}
