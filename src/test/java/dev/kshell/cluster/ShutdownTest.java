package dev.kshell.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.testsupport.Await;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Closing a connection (SIGTERM, the shell ending) never waits on the network for a call in flight. */
@Timeout(60)
class ShutdownTest {

    @Test
    void should_close_while_capability_detection_waits_on_an_unreachable_cluster_and_call_it_cancelled()
            throws Exception {
        // a port that accepts connections and never answers (a refused one is said at once), and a 10-minute
        // deadline: closing used to wait for it (the detection held the lock close() needed)
        ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        AdminClientGateway gateway = new AdminClientGateway(new ClusterTarget("127.0.0.1:" + silent.getLocalPort(),
                null, Map.of(), Duration.ofMinutes(10)));
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread call = new Thread(() -> {
            try {
                gateway.capabilities();
            } catch (Throwable t) {
                failed.set(t);
            }
        }, "detection");
        call.setDaemon(true);
        call.start();
        Await.until("the detection waits on the network", Duration.ofSeconds(30), call::getState,
                s -> s == Thread.State.TIMED_WAITING || s == Thread.State.WAITING);

        CompletableFuture.runAsync(gateway::close).get(20, TimeUnit.SECONDS);

        call.join(TimeUnit.SECONDS.toMillis(20));
        assertThat(call.isAlive()).isFalse();
        assertThat(failed.get()).isInstanceOf(CancellationException.class);
        silent.close();
    }
}
