package dev.kshell.connection;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

/** The masking stream under a runbook's output: whole lines, PEM blocks over several writes, prompts let through. */
@Timeout(10)
class MaskingWriterTest {

    private final StringWriter target = new StringWriter();
    private final PrintWriter out = MaskingWriter.printWriter(target, Secrets::maskText);

    @Test
    void should_mask_a_secret_written_in_pieces_and_pass_plain_partial_lines_on_flush() {
        out.print("password=corr");
        out.flush();
        assertThat(target.toString()).isEmpty(); // the value may go on: held

        out.print("ect horse\nready? [y/N] ");
        out.flush();
        assertThat(target.toString()).isEqualTo("password=****\nready? [y/N] ");
    }

    @Test
    void should_hold_a_pem_block_printed_over_several_lines_until_its_end_marker() {
        out.println("ssl.keystore.key=-----BEGIN PRIVATE KEY-----");
        out.flush();
        out.println("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC");
        out.flush();
        assertThat(target.toString()).isEmpty();

        out.println("-----END PRIVATE KEY-----");
        out.println("next line");
        out.flush();
        assertThat(target.toString()).isEqualTo("ssl.keystore.key=****\nnext line\n".replace("\n", System.lineSeparator()));
    }

    @Test
    void should_pass_what_it_holds_on_close_masked() {
        out.print("token=abc");
        out.close();

        assertThat(target.toString()).isEqualTo("token=****");
    }
}
