package dev.kshell.grammar;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(20)
class TokenizerTest {

    @Test
    void should_split_as_the_line_editor_does() {
        assertThat(Tokenizer.words("describe \"my topic\" 'single quoted' plain")).containsExactly("describe", "my topic",
                "single quoted", "plain");
        assertThat(Tokenizer.words("echo \"say \\\"hi\\\"\" a\\ b")).containsExactly("echo", "say \"hi\"", "a b");
        assertThat(Tokenizer.words("param x = \"\"")).containsExactly("param", "x", "=", "");
        assertThatThrownBy(() -> Tokenizer.words("describe \"orders")).hasMessage("unbalanced quote");
        assertThatThrownBy(() -> Tokenizer.words("describe orders\\")).hasMessage("the line ends with an escape (\\)");
    }

    @Test
    void should_quote_only_what_the_parser_gives_a_meaning() {
        assertThat(Tokenizer.join(List.of("topics", "--pattern", "ord.*", "a b", "", "it's")))
                .isEqualTo("topics --pattern ord.* \"a b\" \"\" \"it's\"");
    }

    @Test
    void should_read_back_any_quoted_words() {
        Random random = new Random(11L);
        String alphabet = "ab z\t\"'\\$#{}*?;|&<>()[]!~`=é€";
        for (int i = 0; i < 2000; i++) {
            List<String> words = new ArrayList<>();
            for (int w = random.nextInt(4); w >= 0; w--) {
                StringBuilder sb = new StringBuilder();
                for (int c = random.nextInt(6); c >= 0; c--) {
                    sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                words.add(sb.toString());
            }
            assertThat(Tokenizer.words(Tokenizer.join(words))).as(Tokenizer.join(words)).isEqualTo(words);
        }
    }

    @Test
    void should_quote_every_separator_the_parser_splits_on() {
        // --param $'text=X\u2003--output\u2003json' was joined unquoted and split again into an option
        for (String space : List.of("\u2003", "\u3000", "\u2028", "\u1680", "\u0085", "\u000B")) {
            String value = "text=X" + space + "--output" + space + "json";
            String line = Tokenizer.join(List.of("run", "r.ksh", "--param", value));

            assertThat(Tokenizer.words(line)).as(line).containsExactly("run", "r.ksh", "--param", value);
            assertThat(Tokenizer.spans(line)).hasSize(4);
        }
        assertThat(Tokenizer.words("a\u2003b\u3000c")).containsExactly("a", "b", "c");
    }
}
