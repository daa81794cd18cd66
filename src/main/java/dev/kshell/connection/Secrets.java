package dev.kshell.connection;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Collection;
import java.util.Comparator;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Hides secrets before anything is shown, logged, echoed, stored in the history or written to a transcript.
 *
 * <p>A property is secret when Kafka's own client config definitions (producer, consumer, admin: SSL and SASL
 * included) give it the type {@code PASSWORD} ({@code ssl.keystore.key},
 * {@code sasl.oauthbearer.assertion.private.key.passphrase}, {@code sasl.jaas.config}, ...), or, for keys Kafka does
 * not define, when it contains {@code password}, {@code secret}, {@code jaas} or {@code token} (case-insensitive).
 * Maps are masked by key.
 *
 * <p>Free text ({@link #maskText}) is masked where such a key is followed by {@code =}, or {@code :} and a space,
 * and a value. How far the value runs (docs/audit-and-lint.md, "Secrets"):
 * <ul>
 *   <li>a PEM block ({@code -----BEGIN ...-----}): through its {@code -----END ...-----} marker, across spaces and
 *       lines, or to the end of the text when it never closes;</li>
 *   <li>a JAAS key ({@code sasl.jaas.config}): the whole login-module sentence, up to and including its closing
 *       {@code ;} (quoted parts may hold spaces and semicolons), or to the end of the line;</li>
 *   <li>a quoted value: to its closing quote (a backslash-escaped quote does not close it);</li>
 *   <li>anything else: to the end of the line, spaces included, stopping only before what starts the next item: a
 *       space and {@code --} (the next option of a command line), a space and {@code key=} / {@code key: } (the
 *       next property), a {@code ,} or {@code ;} followed by a space or the end, a quote, a brace or a backslash.</li>
 * </ul>
 * A private key's PEM block ({@code -----BEGIN ... PRIVATE KEY-----}) is masked whole wherever it stands, with or
 * without a key before it. Values already masked, Kafka's own {@code [hidden]} and {@code null} are left as they are.
 */
public final class Secrets {

    /** What a secret value is replaced with. */
    public static final String MASK = "****";

    private static final String[] SECRET_WORDS = {"password", "secret", "jaas", "token"};

    /** Every client property Kafka itself types PASSWORD. */
    static final Set<String> PASSWORD_KEYS = passwordKeys();

    // A key that names a secret: a PASSWORD-typed Kafka key, or one that says so (ssl.key.password, "access-token").
    // Linear time: a key starts only where a word starts (the lookbehind covers both branches), the secret word is
    // found by a lazy look-ahead that stops at the word's end, and the word is then taken possessively. (The old
    // second branch, [\w.\-]*(?:password|...)[\w.\-]*, was tried at every character of a long word and
    // backtracked over it: an 8,000-character word took seconds, "token" repeated was cubic.)
    private static final String KEY = "((?<![\\w.\\-])(?:(?:" + PASSWORD_KEYS.stream().sorted(
            Comparator.comparingInt(String::length).reversed()).map(Pattern::quote)
            .collect(Collectors.joining("|"))
            + ")(?![\\w.\\-])|(?=[\\w.\\-]*?(?:password|secret|jaas|token))[\\w.\\-]++))";

    private static final int FLAGS = Pattern.CASE_INSENSITIVE;

    // "=" or ": " (or ":" after a quoted JSON key), with an optional quote around the key's end
    private static final String SEP = "(\\\\?[\"']?\\s*+(?:=|(?<=[\"']):|:(?=\\s))\\s*+)";

    private static final String NOT_MASKED = "(?!null\\b|\\[hidden]|\\*{4})";

    private static final String PEM_BEGIN = "-----BEGIN [A-Z0-9 ]+-----";
    private static final String PEM_REST = "(?s:.*?)(?:-----END [A-Z0-9 ]+-----|\\z)";

    // key=-----BEGIN ...----- ... -----END ...----- (a PEM value, spaces and newlines included)
    private static final Pattern KEY_PEM = Pattern.compile(KEY + SEP + "(\\\\?[\"']?)" + PEM_BEGIN + PEM_REST,
            FLAGS);

    // a private key anywhere, whatever stands before it
    private static final Pattern PRIVATE_PEM = Pattern.compile(
            "-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\\z)", FLAGS);

    // sasl.jaas.config=...LoginModule required username="u" password="p"; (unquoted: quoted values go to QUOTED)
    private static final Pattern JAAS = Pattern.compile("((?<![\\w.\\-])(?=[\\w.\\-]*?jaas)[\\w.\\-]++)" + SEP
            + "(?!\\\\?[\"'])" + NOT_MASKED + "((?:[^;\\r\\n\"']++|\"[^\"\\r\\n]*+\"?|'[^'\\r\\n]*+'?)++;?)", FLAGS);

    // key="value" / key='value' / key=\"value\" (escaped quotes inside JSON strings); the quotes are kept, and a
    // backslash-escaped quote inside the value does not end it. The pattern finds the key and the opening quote; the
    // value is scanned by quotedEnd (a regex loop over "\\\\.|[^\\\\]" recursed once per character and overflowed the
    // stack on a long value).
    private static final Pattern QUOTED = Pattern.compile(
            KEY + "(\\\\?[\"']?\\s*+[=:]\\s*+)(\\\\?[\"'])", FLAGS);

    // Kafka's JAAS parser quotes the first word of a sasl.jaas.config value in its errors, with no key before it
    // ("No LoginModule found for hunter2" when the password was pasted first): that word is part of a secret.
    private static final Pattern JAAS_ERROR = Pattern.compile(
            "(No LoginModule found for |Invalid login module control flag '|in JAAS config: )" + NOT_MASKED
                    + "([^\\s']++)");

    // What ends an unquoted value at white space: the next option, the next key=value / key: value. Tried only at
    // the first blank of a run (the rest of the run gives the same answer), so a long run of blanks stays linear.
    private static final Pattern NEXT_ITEM = Pattern.compile("\\s++(?:--|[\\w.\\-]++(?:\\s*+=|:\\s))");

    // key=value with spaces, to the end of the line or the next item (see the class comment); also the start of a
    // quoted value that never closes (a truncated log line must not leak). A colon separates only as "key: value" or
    // after a quoted key ("key":1): "secrets.ksh:7" is a file and line, not a secret. The pattern finds the key and
    // its separator; the value is scanned by unquotedEnd (a regex loop over the value recursed once per character).
    private static final Pattern UNQUOTED = Pattern.compile(
            KEY + "(\\\\?[\"']?\\s*+(?:=|(?<=[\"']):|:(?=\\s))\\s*+\\\\?[\"']?)" + NOT_MASKED, FLAGS);

    private Secrets() {
    }

    private static Set<String> passwordKeys() {
        Set<String> keys = new TreeSet<>();
        for (ConfigDef def : List.of(ProducerConfig.configDef(), ConsumerConfig.configDef())) {
            def.configKeys().forEach((name, key) -> {
                if (key.type == ConfigDef.Type.PASSWORD) {
                    keys.add(name);
                }
            });
        }
        ConfigDef clientSecurity = new ConfigDef();
        SslConfigs.addClientSslSupport(clientSecurity);
        SaslConfigs.addClientSaslSupport(clientSecurity);
        clientSecurity.configKeys().forEach((name, key) -> {
            if (key.type == ConfigDef.Type.PASSWORD) {
                keys.add(name);
            }
        });
        return Collections.unmodifiableSet(keys);
    }

    /** True when the property with this key must never be shown. */
    public static boolean isSecretKey(String key) {
        if (key == null) {
            return false;
        }
        if (PASSWORD_KEYS.contains(key.strip())) {
            return true;
        }
        String lower = key.toLowerCase(Locale.ROOT);
        for (String word : SECRET_WORDS) {
            if (lower.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** A copy of {@code properties}, same iteration order, with every secret value replaced by {@link #MASK}. */
    public static Map<String, String> mask(Map<String, String> properties) {
        Map<String, String> masked = new LinkedHashMap<>();
        properties.forEach((key, value) -> masked.put(key, isSecretKey(key) ? MASK : value));
        return Collections.unmodifiableMap(masked);
    }

    /**
     * Masks secret values in free text: a log line, an echoed command, a stack trace, a properties file, a JSON
     * fragment (the rule is in the class comment). {@code sasl.jaas.config=...PlainLoginModule required
     * username="alice" password="s3";} becomes {@code sasl.jaas.config=****}; {@code ssl.keystore.key=-----BEGIN
     * PRIVATE KEY----- MIIE... -----END PRIVATE KEY-----} becomes {@code ssl.keystore.key=****}.
     */
    public static String maskText(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String out = replace(KEY_PEM, text, m -> m.group(1) + m.group(2) + m.group(3) + MASK);
        out = replace(PRIVATE_PEM, out, m -> MASK);
        out = replace(JAAS, out, m -> m.group(1) + m.group(2) + MASK);
        out = replace(JAAS_ERROR, out, m -> m.group(1) + MASK);
        out = replaceQuoted(out);
        return replaceUnquoted(out);
    }

    /**
     * {@link #maskText}, and every occurrence of {@code values} masked too: the values of a runbook's secret-named
     * params ({@code --param token=...}), which an {@code echo "${token}"} prints with no key in front. Values shorter
     * than {@value #MIN_LITERAL} characters are not replaced (they would garble every line they happen to occur in).
     */
    public static UnaryOperator<String> masker(Collection<String> values) {
        // a value spanning lines is also masked line by line: output is masked a line at a time
        List<String> literals = values.stream().filter(Objects::nonNull)
                .flatMap(v -> Stream.concat(Stream.of(v), v.lines()))
                .map(String::strip).filter(v -> v.length() >= MIN_LITERAL).distinct()
                .sorted(Comparator.comparingInt(String::length).reversed()).toList();
        return text -> {
            String masked = maskText(text);
            if (masked == null) {
                return null;
            }
            for (String literal : literals) {
                masked = masked.replace(literal, MASK);
            }
            return masked;
        };
    }

    /** The shortest literal secret value {@link #masker} replaces. */
    public static final int MIN_LITERAL = 3;

    /** The values of the secret-named entries of {@code values} (a runbook's params and sets). */
    public static List<String> secretValues(Map<String, String> values) {
        return values.entrySet().stream().filter(e -> isSecretKey(e.getKey()) && e.getValue() != null)
                .map(Map.Entry::getValue).toList();
    }

    // key="value": the quotes kept, the value masked; a quote that never closes is left to UNQUOTED.
    private static String replaceQuoted(String text) {
        return mask(text, QUOTED, m -> {
            int close = quotedEnd(text, m.end(), m.group(3));
            return close < 0 ? -1 : close + m.group(3).length();
        }, m -> m.group(1) + m.group(2) + m.group(3) + MASK + m.group(3));
    }

    // key=value: the value, to the end of the line or the next item, masked; blanks after it kept.
    private static String replaceUnquoted(String text) {
        return mask(text, UNQUOTED, m -> {
            int valueStart = m.end();
            int end = unquotedEnd(text, valueStart);
            while (end > valueStart && Character.isWhitespace(text.charAt(end - 1))) {
                end--; // trailing spaces are not the secret's
            }
            return end == valueStart ? -1 : end;
        }, m -> m.group(1) + m.group(2) + MASK);
    }

    /**
     * The scan both spellings share: each match of {@code key} with the value after it is replaced by
     * {@code replacement}; a match whose {@code end} is -1 holds no value and is passed over (the scan goes on one
     * character later, so an overlapping match still counts).
     */
    private static String mask(String text, Pattern key, ToIntFunction<Matcher> end,
                               Function<Matcher, String> replacement) {
        Matcher m = key.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        int copied = 0;
        int from = 0;
        while (from < text.length() && m.find(from)) {
            int valueEnd = end.applyAsInt(m);
            if (valueEnd < 0) {
                from = m.start() + 1;
                continue;
            }
            out.append(text, copied, m.start()).append(replacement.apply(m));
            copied = valueEnd;
            from = valueEnd;
        }
        return out.append(text, copied, text.length()).toString();
    }

    // Where an unquoted value starting at from ends: before a line end, a quote, a brace or a backslash, before
    // "; " / ", " (or one at the end), and before the blanks that start the next option or key.
    private static int unquotedEnd(String text, int from) {
        Matcher next = NEXT_ITEM.matcher(text);
        int n = text.length();
        int i = from;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\r' || c == '\n' || c == '"' || c == '\'' || c == '{' || c == '}' || c == '\\') {
                return i;
            }
            if ((c == ';' || c == ',') && (i + 1 == n || isRegexSpace(text.charAt(i + 1)))) {
                return i;
            }
            if (isRegexSpace(c) && (i == from || !isRegexSpace(text.charAt(i - 1)))) {
                next.region(i, n);
                if (next.lookingAt()) {
                    return i;
                }
            }
            i++;
        }
        return n;
    }

    // \s of a Java regex: the ASCII blanks.
    private static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    // Where the quoted value starting at from closes (the index of the closing quote), or -1 when it never does: a
    // backslash escapes the next character (not a line end), so \" inside "..." does not close it.
    private static int quotedEnd(String text, int from, String quote) {
        int i = from;
        while (i < text.length()) {
            if (text.startsWith(quote, i)) {
                return i;
            }
            if (text.charAt(i) == '\\') {
                if (i + 1 >= text.length() || text.charAt(i + 1) == '\n' || text.charAt(i + 1) == '\r') {
                    return -1;
                }
                i += 2;
            } else {
                i++;
            }
        }
        return -1;
    }

    private static String replace(Pattern pattern, String text, Function<Matcher, String> with) {
        Matcher m = pattern.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(with.apply(m)));
        }
        m.appendTail(out);
        return out.toString();
    }
}
