package dev.kshell.session;

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

/**
 * Hides secrets before anything is shown, logged, echoed or written to a transcript.
 *
 * <p>A property is secret when Kafka's own client config definitions (producer, consumer, admin: SSL and SASL
 * included) give it the type {@code PASSWORD} ({@code ssl.keystore.key},
 * {@code sasl.oauthbearer.assertion.private.key.passphrase}, {@code sasl.jaas.config}, ...), or, for keys Kafka does
 * not define, when it contains {@code password}, {@code secret}, {@code jaas} or {@code token} (case-insensitive). Maps are masked by key; free text is masked where a secret-looking key is followed by
 * {@code =} or {@code :} and a value, so {@code password="..."} inside a {@code sasl.jaas.config} value is caught too.
 */
public final class Secrets {

    /** What a secret value is replaced with. */
    public static final String MASK = "****";

    private static final String[] SECRET_WORDS = {"password", "secret", "jaas", "token"};

    /** Every client property Kafka itself types PASSWORD. */
    static final Set<String> PASSWORD_KEYS = passwordKeys();

    // A key that names a secret: a PASSWORD-typed Kafka key, or one that says so (ssl.key.password, "access-token").
    private static final String KEY = "((?<![\\w.\\-])(?:" + PASSWORD_KEYS.stream().sorted(
            java.util.Comparator.comparingInt(String::length).reversed()).map(Pattern::quote)
            .collect(java.util.stream.Collectors.joining("|"))
            + ")(?![\\w.\\-])|[\\w.\\-]*(?:password|secret|jaas|token)[\\w.\\-]*)";

    // key="value" / key='value' / key=\"value\" (escaped quotes inside JSON strings); the quotes are kept, and a
    // backslash-escaped quote inside the value does not end it.
    private static final Pattern QUOTED = Pattern.compile(
            KEY + "(\\\\?[\"']?\\s*[=:]\\s*)(\\\\?[\"'])((?:\\\\.|[^\\\\])*?)(\\3)",
            Pattern.CASE_INSENSITIVE);

    // key=value up to whitespace, comma, semicolon, brace or quote; also the start of a quoted value that never
    // closes (a truncated log line must not leak). Skips values already masked, Kafka's own
    // "[hidden]" and "null" (nothing to hide, and masking them would suggest a value is set). A colon separates only
    // as "key: value" or after a quoted key ("key":1): "secrets.ksh:7" is a file and line, not a secret.
    private static final Pattern UNQUOTED = Pattern.compile(
            KEY + "(\\\\?[\"']?\\s*(?:=|(?<=[\"']):|:(?=\\s))\\s*\\\\?[\"']?)(?!null\\b|\\[hidden]|\\*{4})([^\\s,;\"'{}\\\\]+)",
            Pattern.CASE_INSENSITIVE);

    private Secrets() {
    }

    private static Set<String> passwordKeys() {
        Set<String> keys = new java.util.TreeSet<>();
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
     * Masks secret values in free text: a log line, an echoed command, a properties file, a JSON fragment.
     * {@code sasl.jaas.config=...PlainLoginModule required username="alice" password="s3";} becomes
     * {@code ... username="alice" password="****";}: the login module stays readable, the password does not.
     */
    public static String maskText(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String quotedDone = replace(QUOTED, text, m -> m.group(1) + m.group(2) + m.group(3) + MASK + m.group(5));
        return replace(UNQUOTED, quotedDone, m -> {
            // A JAAS value is a sentence ("LoginModule required k=v ..."); its secrets are masked one by one
            // above and below, so the module name is left readable.
            if (m.group(1).toLowerCase(Locale.ROOT).contains("jaas")) {
                return m.group();
            }
            return m.group(1) + m.group(2) + MASK;
        });
    }

    private static String replace(Pattern pattern, String text, java.util.function.Function<Matcher, String> with) {
        Matcher m = pattern.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(with.apply(m)));
        }
        m.appendTail(out);
        return out.toString();
    }
}
