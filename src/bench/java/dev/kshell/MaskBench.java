package dev.kshell;

import dev.kshell.grammar.Tokenizer;
import dev.kshell.connection.Secrets;

import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;

/**
 * Time per kB of masking and tokenising one long input, at 8 kB, 16 kB, 100 kB and 1 MB (scripts/bench-mask). Linear
 * time shows as a flat column; the masker before issue 38 took 7 s at 8 kB and never finished 100 kB. Not a test.
 */
public final class MaskBench {

    private MaskBench() {
    }

    public static void main(String[] args) {
        int[] sizes = {8 * 1024, 16 * 1024, 100 * 1024, 1024 * 1024};
        List<String> kinds = List.of("word", "token-repeated", "secret-value", "quoted-value", "blank-run",
                "jaas", "mixed-line", "random-unicode");
        System.out.printf("%-22s %12s %12s %12s %12s   (microseconds per kB, best of 5)%n", "input", "8 kB", "16 kB",
                "100 kB", "1 MB");
        for (String kind : kinds) {
            StringBuilder row = new StringBuilder(String.format("%-22s", "mask " + kind));
            for (int size : sizes) {
                String text = input(kind, size);
                row.append(String.format(" %12.1f", perKb(text, Secrets::maskText)));
            }
            System.out.println(row);
        }
        for (String kind : List.of("word", "random-unicode")) {
            StringBuilder row = new StringBuilder(String.format("%-22s", "split " + kind));
            for (int size : sizes) {
                String text = Tokenizer.join(List.of("describe", input(kind, size)));
                row.append(String.format(" %12.1f", perKb(text, t -> String.join(" ", Tokenizer.words(t)))));
            }
            System.out.println(row);
        }
    }

    private static double perKb(String text, UnaryOperator<String> op) {
        long best = Long.MAX_VALUE;
        for (int run = 0; run < 5; run++) {
            long start = System.nanoTime();
            op.apply(text);
            best = Math.min(best, System.nanoTime() - start);
        }
        return best / 1_000.0 / (text.length() / 1024.0);
    }

    private static String input(String kind, int size) {
        Random random = new Random(size);
        return switch (kind) {
            case "word" -> "x".repeat(size);
            case "token-repeated" -> "token".repeat(size / 5);
            case "secret-value" -> "password=" + "s".repeat(size);
            case "quoted-value" -> "password=\"" + "a\\\"".repeat(size / 3) + "\"";
            case "blank-run" -> "password=a" + " ".repeat(size) + "b";
            case "jaas" -> "sasl.jaas.config=x " + "a=\"b\" ".repeat(size / 6) + ";";
            case "mixed-line" -> "connect ssl.key.password=k1 retries=3 --x ".repeat(size / 42);
            default -> {
                StringBuilder sb = new StringBuilder(size);
                while (sb.length() < size) {
                    int cp = random.nextInt(0x3000);
                    if (Character.isDefined(cp) && !Character.isSurrogate((char) cp)) {
                        sb.appendCodePoint(cp);
                    }
                }
                yield sb.toString();
            }
        };
    }
}
