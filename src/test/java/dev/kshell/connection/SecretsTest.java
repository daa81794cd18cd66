package dev.kshell.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.util.List;
import java.util.function.UnaryOperator;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class SecretsTest {

    @Test
    void should_mask_values_whose_key_names_a_secret_in_any_case() {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("bootstrap.servers", "h1:9092");
        props.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required"
                + " username=\"alice\" password=\"alice-secret\";");
        props.put("ssl.truststore.password", "changeit");
        props.put("SSL.KEY.PASSWORD", "k");
        props.put("sasl.oauthbearer.token.endpoint.url", "https://idp/token");
        props.put("client.secret", "s");
        props.put("security.protocol", "SASL_SSL");

        assertThat(Secrets.mask(props)).containsExactly(
                entry("bootstrap.servers", "h1:9092"),
                entry("sasl.jaas.config", "****"),
                entry("ssl.truststore.password", "****"),
                entry("SSL.KEY.PASSWORD", "****"),
                entry("sasl.oauthbearer.token.endpoint.url", "****"),
                entry("client.secret", "****"),
                entry("security.protocol", "SASL_SSL"));
    }

    @Test
    void should_mask_a_jaas_config_value_whole_up_to_its_closing_semicolon() {
        String line = "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required"
                + " username=\"alice\" password=\"alice secret; with spaces\"; retries=3";

        assertThat(Secrets.maskText(line)).isEqualTo("sasl.jaas.config=**** retries=3");
        assertThat(Secrets.maskText("sasl.jaas.config = org.apache.kafka.common.security.plain.PlainLoginModule"
                + " required username=u password=p")).isEqualTo("sasl.jaas.config = ****");
    }

    @Test
    void should_mask_unquoted_and_single_quoted_secrets_inside_jaas() {
        assertThat(Secrets.maskText("PlainLoginModule required username=bob password=b0b;"))
                .isEqualTo("PlainLoginModule required username=bob password=****;");
        assertThat(Secrets.maskText("PlainLoginModule required username='bob' password='b0b';"))
                .isEqualTo("PlainLoginModule required username='bob' password='****';");
    }

    @Test
    void should_mask_secrets_in_an_arbitrary_log_or_echo_line() {
        assertThat(Secrets.maskText("connect --command-config c.properties ssl.keystore.password=hunter2 retries=3"))
                .isEqualTo("connect --command-config c.properties ssl.keystore.password=**** retries=3");
        assertThat(Secrets.maskText("\tssl.key.password = s3cr3t\n\tssl.keystore.type = JKS"))
                .isEqualTo("\tssl.key.password = ****\n\tssl.keystore.type = JKS");
        assertThat(Secrets.maskText("token: abc.def.ghi, user: op"))
                .isEqualTo("token: ****, user: op");
        assertThat(Secrets.maskText("KAFKA_CLIENT_SECRET=xyz"))
                .isEqualTo("KAFKA_CLIENT_SECRET=****");
        assertThat(Secrets.maskText("{\"token\":12345}")).isEqualTo("{\"token\":****}");
    }

    @Test
    void should_leave_a_file_and_line_alone_even_when_the_file_name_says_secret() {
        // seen in a transcript: a runbook's failedAt "/home/op/secret-home/secrets.ksh:7" became "...secrets.ksh:****"
        assertThat(Secrets.maskText("runbook stopped at /home/op/secret-home/secrets.ksh:7 (exit 2)"))
                .isEqualTo("runbook stopped at /home/op/secret-home/secrets.ksh:7 (exit 2)");
    }

    @Test
    void should_mask_secrets_in_json_including_escaped_quotes() {
        assertThat(Secrets.maskText("{\"ssl.truststore.password\":\"changeit\",\"acks\":\"all\"}"))
                .isEqualTo("{\"ssl.truststore.password\":\"****\",\"acks\":\"all\"}");
        assertThat(Secrets.maskText("{\"sasl.jaas.config\":\"x.PlainLoginModule required password=\\\"p\\\";\"}"))
                .doesNotContain("p\\\"")
                .contains("\"sasl.jaas.config\":\"****\"");
    }

    @Test
    void should_leave_kafka_hidden_and_null_values_and_ordinary_text_alone() {
        String kafkaLog = "sasl.jaas.config = [hidden]\n\tssl.key.password = null\n\tacks = -1";

        assertThat(Secrets.maskText(kafkaLog)).isEqualTo(kafkaLog);
        assertThat(Secrets.maskText("Messages are rejected since there are fewer in-sync replicas than required."))
                .isEqualTo("Messages are rejected since there are fewer in-sync replicas than required.");
        assertThat(Secrets.maskText("")).isEmpty();
        assertThat(Secrets.maskText(null)).isNull();
    }

    @Test
    void should_mask_a_quoted_value_that_never_closes() {
        assertThat(Secrets.maskText("...truncated password=\"hunter2")).isEqualTo("...truncated password=\"****");
    }

    @Test
    void should_be_idempotent() {
        String once = Secrets.maskText("password=\"x\" token=y");

        assertThat(Secrets.maskText(once)).isEqualTo(once).isEqualTo("password=\"****\" token=****");
    }

    @Test
    void should_recognise_secret_keys() {
        assertThat(Secrets.isSecretKey("ssl.key.password")).isTrue();
        assertThat(Secrets.isSecretKey("sasl.JAAS.config")).isTrue();
        assertThat(Secrets.isSecretKey("delegation.token.x")).isTrue();
        assertThat(Secrets.isSecretKey("bootstrap.servers")).isFalse();
        assertThat(Secrets.isSecretKey(null)).isFalse();
    }

    @Test
    void should_mask_every_key_kafka_types_password_even_when_its_name_does_not_say_so() {
        assertThat(Secrets.isSecretKey("ssl.keystore.key")).isTrue();
        assertThat(Secrets.isSecretKey("ssl.truststore.certificates")).isTrue();
        assertThat(Secrets.isSecretKey("sasl.oauthbearer.assertion.private.key.passphrase")).isTrue();
        assertThat(Secrets.mask(Map.of("ssl.keystore.key", "MIIEvQIBADANBgkq")))
                .containsEntry("ssl.keystore.key", Secrets.MASK);
        assertThat(Secrets.maskText("error: bad config ssl.keystore.key=MIIEvQIBADANBgkq for ssl.keystore.type=PEM"))
                .isEqualTo("error: bad config ssl.keystore.key=**** ssl.keystore.type=PEM");
        assertThat(Secrets.isSecretKey("ssl.keystore.type")).isFalse();
    }

    @Test
    void should_mask_a_value_with_spaces_to_the_end_of_the_line_or_the_next_item() {
        assertThat(Secrets.maskText("ssl.key.password=correct horse battery staple\nacks=all"))
                .isEqualTo("ssl.key.password=****\nacks=all");
        assertThat(Secrets.maskText("run fix.ksh --param token=abc def --yes"))
                .isEqualTo("run fix.ksh --param token=**** --yes");
        assertThat(Secrets.maskText("password: two words, user: op")).isEqualTo("password: ****, user: op");
        assertThat(Secrets.maskText("password=with spaces   ")).isEqualTo("password=****   ");
    }

    @Test
    void should_mask_a_pem_block_whole_on_one_line_or_many() {
        String oneLine = "ssl.keystore.key=-----BEGIN PRIVATE KEY----- MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"
                + " Zm9vYmFy -----END PRIVATE KEY----- ssl.keystore.type=PEM";
        assertThat(Secrets.maskText(oneLine)).isEqualTo("ssl.keystore.key=**** ssl.keystore.type=PEM");

        String lines = "caused by: bad ssl.keystore.key=-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0B\n"
                + "BQ0wQTApBgkqhkiG\n-----END ENCRYPTED PRIVATE KEY-----\n\tat x.y(Z.java:1)";
        assertThat(Secrets.maskText(lines)).isEqualTo("caused by: bad ssl.keystore.key=****\n\tat x.y(Z.java:1)");

        // a private key with no key in front, and one that never closes (a truncated message)
        assertThat(Secrets.maskText("got -----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY----- ok"))
                .isEqualTo("got **** ok");
        assertThat(Secrets.maskText("value -----BEGIN PRIVATE KEY----- MIIEvQIBADANBg")).isEqualTo("value ****");
        // a certificate alone is no secret
        assertThat(Secrets.maskText("-----BEGIN CERTIFICATE----- MIIC -----END CERTIFICATE-----"))
                .isEqualTo("-----BEGIN CERTIFICATE----- MIIC -----END CERTIFICATE-----");
    }

    @Test
    void should_mask_the_literal_values_of_secret_named_params_too() {
        UnaryOperator<String> mask = Secrets.masker(
                Secrets.secretValues(Map.of("token", "tok-3141", "topic", "payments", "db_password", "pw")));

        assertThat(mask.apply("echo the token is tok-3141 for payments"))
                .isEqualTo("echo the token is **** for payments");
        assertThat(mask.apply("pw stays: too short to replace safely")).startsWith("pw stays");
        assertThat(mask.apply("password=x")).isEqualTo("password=****");
    }

    @Test
    void should_mask_the_word_kafka_quotes_from_a_bad_jaas_config() {
        // a password pasted where the login module goes: Kafka's error (stderr, kshell.log) quoted it with no key
        assertThat(Secrets.maskText("bad client configuration: LoginException: No LoginModule found for hunter2-pw"))
                .isEqualTo("bad client configuration: LoginException: No LoginModule found for ****");
        assertThat(Secrets.maskText("Invalid login module control flag 'hunter2' in JAAS config"))
                .isEqualTo("Invalid login module control flag '****' in JAAS config");
    }

    @Test
    void should_mask_each_line_of_a_multi_line_secret_value_on_its_own() {
        var mask = Secrets.masker(List.of("first-line-secret\nsecond-line-secret"));

        // output is masked a line at a time: the whole value never stands on one line
        assertThat(mask.apply("first-line-secret\n")).isEqualTo("****\n");
        assertThat(mask.apply("second-line-secret\n")).isEqualTo("****\n");
    }
}
