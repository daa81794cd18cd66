package dev.kshell.app;

import dev.kshell.rules.guard.Confirmation;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Terminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.concurrent.Callable;
import org.jline.terminal.impl.ExternalTerminal;

/**
 * What the terminal hands kshell: {@code q} / Ctrl-D end a watch between runs, and Enter at a y/N question is an
 * empty answer (which the election service words "answered no"), not a missing one ("no answer").
 */
@Timeout(30)
class StopKeyAndEnterTest {

    /**
     * A terminal over a pipe that claims to be an xterm (a dumb terminal would not do raw mode). Built directly: once
     * a JLine provider with pty support has loaded in this JVM (another test ran the app), TerminalBuilder returns a
     * pty-backed terminal for streams too, whose input does not arrive in time.
     */
    private static Terminal xterm(PipedInputStream keys) throws Exception {
        return new ExternalTerminal("stop-key-test", "xterm", keys, new ByteArrayOutputStream(),
                StandardCharsets.UTF_8);
    }

    @Test
    void should_end_a_watch_wait_on_q_and_on_ctrl_d_and_time_out_otherwise() throws Exception {
        for (String key : new String[] {"q", "\u0004"}) {
            PipedOutputStream typing = new PipedOutputStream();
            try (Terminal terminal = xterm(new PipedInputStream(typing))) {
                CompletableFuture<String> waited = onOwnThread(
                        () -> TerminalPrompter.readStopKey(terminal, Duration.ofSeconds(20)));
                typing.write(("x" + key).getBytes(StandardCharsets.UTF_8)); // other keys are ignored
                typing.flush();
                assertThat(waited.get(10, TimeUnit.SECONDS)).isEqualTo(key.equals("q") ? "q" : "end of input");
            }
        }
        PipedOutputStream nothing = new PipedOutputStream();
        try (Terminal terminal = xterm(new PipedInputStream(nothing))) {
            long t0 = System.nanoTime();
            assertThat(TerminalPrompter.readStopKey(terminal, Duration.ofMillis(300))).isNull();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isGreaterThanOrEqualTo(250);
        }
    }

    @Test
    void should_stop_waiting_at_once_when_interrupted() throws Exception {
        PipedOutputStream nothing = new PipedOutputStream();
        try (Terminal terminal = xterm(new PipedInputStream(nothing))) {
            Thread current = Thread.currentThread();
            onOwnThread(() -> {
                sleep(300);
                current.interrupt();
                return null;
            });
            // the outcome is the interrupt; the class's @Timeout (shorter than the 20 s wait) catches a read that ignores it
            try {
                TerminalPrompter.readStopKey(terminal, Duration.ofSeconds(20));
                throw new AssertionError("not interrupted");
            } catch (InterruptedException expected) {
                assertThat(expected).isInstanceOf(InterruptedException.class);
            }
        }
    }

    @Test
    void should_read_enter_at_a_yes_no_question_as_an_empty_answer_that_means_no() throws Exception {
        PipedOutputStream typing = new PipedOutputStream();
        try (Terminal terminal = xterm(new PipedInputStream(typing))) {
            LineReader reader = LineReaderBuilder.builder().terminal(terminal).build();
            Confirmation question = Confirmation.yesNo("Elect preferred leaders for 3 partitions?");
            CompletableFuture<String> answer = onOwnThread(() -> reader.readLine(question.prompt()));
            typing.write("\r".getBytes(StandardCharsets.UTF_8));
            typing.flush();
            String typed = answer.get(10, TimeUnit.SECONDS);
            assertThat(typed).isEmpty();               // not null: null is what end of input / Ctrl-C give
            assertThat(question.accepts(typed)).isFalse();
        }
    }

    /** Not the common pool: on 2 cores it has one thread, which another test's blocked task may hold. */
    private static <T> CompletableFuture<T> onOwnThread(Callable<T> body) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                result.complete(body.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "stop-key-test");
        t.setDaemon(true);
        t.start();
        return result;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
