package dev.kshell.cluster;

import dev.kshell.model.ZooKeeperState;
import dev.kshell.util.DaemonThreads;
import dev.kshell.util.Environment;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.FourLetterWordMain;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.data.Stat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Reads what a ZooKeeper-mode Kafka cluster keeps in ZooKeeper, read-only, through Apache ZooKeeper's own client:
 * {@code /controller} (the elected controller's broker id and when it registered), {@code /controller_epoch} (one
 * more at every controller election), {@code /brokers/ids} (ephemeral: a broker whose session ended is gone), and
 * each ensemble server's {@code srvr} (or {@code mntr}) four-letter word where the server's
 * {@code 4lw.commands.whitelist} allows it.
 *
 * <p>Everything is bounded by one deadline: the session is opened, read and closed within it, and a server that
 * does not answer its four-letter word within the deadline is reported, not waited for. Nothing is ever written.
 * Never throws for a cluster problem: what could not be read is in {@link ZooKeeperState#error()} or the server's
 * own error.
 */
public final class ZooKeeperReader {

    private static final Pattern BROKER_ID = Pattern.compile("\"brokerid\"\\s*:\\s*(-?\\d+)");
    private static final Pattern TIMESTAMP = Pattern.compile("\"timestamp\"\\s*:\\s*\"?(\\d+)\"?");

    private final String connect;
    private final Duration timeout;

    /**
     * @param connect {@code HOST:PORT[,HOST:PORT...][/chroot]}, as Kafka's {@code zookeeper.connect}
     * @param timeout the deadline of the whole read
     */
    public ZooKeeperReader(String connect, Duration timeout) {
        this.connect = connect;
        this.timeout = timeout;
    }

    /** The ensemble's servers as {@code host:port}, without the chroot. */
    static List<String> servers(String connect) {
        int slash = connect.indexOf('/');
        String hosts = slash < 0 ? connect : connect.substring(0, slash);
        List<String> out = new ArrayList<>();
        for (String h : hosts.split(",")) {
            String t = h.trim();
            if (!t.isEmpty()) {
                out.add(t.contains(":") ? t : t + ":2181");
            }
        }
        return out;
    }

    /** Reads the znodes and asks every server, in parallel, within the deadline. */
    public ZooKeeperState read() {
        List<String> endpoints = servers(connect);
        ExecutorService pool = Executors.newFixedThreadPool(1 + endpoints.size(), DaemonThreads.named("kshell-zookeeper-read"));
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            Future<ZooKeeperState> znodes = pool.submit(this::readZnodes);
            List<Future<ZooKeeperState.Server>> answers = new ArrayList<>();
            for (String endpoint : endpoints) {
                answers.add(pool.submit(() -> fourLetterWords(endpoint)));
            }
            ZooKeeperState state;
            try {
                state = znodes.get(Math.max(1, deadline - System.nanoTime()) + TimeUnit.SECONDS.toNanos(1),
                        TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                znodes.cancel(true);
                state = failed("no answer from ZooKeeper " + connect + " within " + seconds());
            } catch (ExecutionException e) {
                state = failed("reading ZooKeeper " + connect + " failed: " + e.getCause());
            }
            List<ZooKeeperState.Server> servers = new ArrayList<>();
            for (int i = 0; i < endpoints.size(); i++) {
                try {
                    servers.add(answers.get(i).get(Math.max(1, deadline - System.nanoTime())
                            + TimeUnit.SECONDS.toNanos(1), TimeUnit.NANOSECONDS));
                } catch (TimeoutException | ExecutionException e) {
                    answers.get(i).cancel(true);
                    servers.add(new ZooKeeperState.Server(endpoints.get(i), null, null, null, null,
                            "no answer to srvr within " + seconds()));
                }
            }
            return new ZooKeeperState(connect, state.controllerId(), state.controllerEpoch(),
                    state.controllerSinceMs(), state.registeredBrokers(), servers, state.error());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("cancelled");
        } finally {
            pool.shutdownNow();
        }
    }

    private ZooKeeperState failed(String why) {
        return new ZooKeeperState(connect, null, null, null, List.of(), List.of(), why);
    }

    private ZooKeeperState readZnodes() throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        Watcher watcher = (WatchedEvent event) -> {
            if (event.getState() == Watcher.Event.KeeperState.SyncConnected
                    || event.getState() == Watcher.Event.KeeperState.ConnectedReadOnly) {
                connected.countDown();
            }
        };
        ZKClientConfig config = new ZKClientConfig();
        if (!Environment.jaasConfigured()) {
            // No JAAS file: SASL cannot work, and trying it only logs a warning per connection.
            config.setProperty(ZKClientConfig.ENABLE_CLIENT_SASL_KEY, "false");
        }
        int sessionMs = (int) Math.max(4000, Math.min(30_000, timeout.toMillis() * 2));
        ZooKeeper zk = new ZooKeeper(connect, sessionMs, watcher, true, config);
        try {
            if (!connected.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return failed("no ZooKeeper session with " + connect + " within " + seconds()
                        + " (servers down, wrong address, or TLS/SASL needed)");
            }
            Integer controller = null;
            Long since = null;
            try {
                Stat stat = new Stat();
                String json = new String(zk.getData("/controller", false, stat), StandardCharsets.UTF_8);
                Matcher id = BROKER_ID.matcher(json);
                controller = id.find() ? Integer.valueOf(id.group(1)) : null;
                Matcher ts = TIMESTAMP.matcher(json);
                since = ts.find() ? Long.valueOf(ts.group(1)) : stat.getCtime();
            } catch (KeeperException.NoNodeException none) {
                // no controller elected right now: that is the finding
            }
            Long epoch = null;
            try {
                epoch = Long.valueOf(new String(zk.getData("/controller_epoch", false, null), StandardCharsets.UTF_8)
                        .trim());
            } catch (KeeperException.NoNodeException none) {
                // never had a controller
            }
            List<Integer> brokers = new ArrayList<>();
            try {
                for (String child : zk.getChildren("/brokers/ids", false)) {
                    try {
                        brokers.add(Integer.valueOf(child));
                    } catch (NumberFormatException ignored) {
                        // not a broker registration
                    }
                }
            } catch (KeeperException.NoNodeException none) {
                return new ZooKeeperState(connect, controller, epoch, since, List.of(), List.of(),
                        "no /brokers/ids under " + connect + ": is the chroot right (Kafka's zookeeper.connect)?");
            }
            brokers.sort(Integer::compare);
            return new ZooKeeperState(connect, controller, epoch, since, brokers, List.of(), null);
        } catch (KeeperException e) {
            return failed("reading ZooKeeper " + connect + " failed: " + e.getMessage());
        } finally {
            zk.close((int) Math.min(2000, timeout.toMillis()));
        }
    }

    /** srvr, or mntr when srvr is not allowed; parsed into the server's mode, version, load and latency. */
    private ZooKeeperState.Server fourLetterWords(String endpoint) {
        int colon = endpoint.lastIndexOf(':');
        String host = endpoint.substring(0, colon);
        int port = Integer.parseInt(endpoint.substring(colon + 1));
        int ms = (int) Math.max(500, timeout.toMillis());
        try {
            String srvr = FourLetterWordMain.send4LetterWord(host, port, "srvr", false, ms);
            if (!refused(srvr)) {
                return new ZooKeeperState.Server(endpoint, field(srvr, "Mode: (\\S+)"),
                        field(srvr, "Zookeeper version: ([^,\\s]+)"), number(field(srvr, "Outstanding: (\\d+)")),
                        number(field(srvr, "Latency min/avg/max: [\\d.]+/[\\d.]+/(\\d+)")), null);
            }
            String mntr = FourLetterWordMain.send4LetterWord(host, port, "mntr", false, ms);
            if (!refused(mntr)) {
                return new ZooKeeperState.Server(endpoint, field(mntr, "zk_server_state\\s+(\\S+)"),
                        field(mntr, "zk_version\\s+([^,\\s]+)"),
                        number(field(mntr, "zk_outstanding_requests\\s+(\\d+)")),
                        number(field(mntr, "zk_max_latency\\s+(\\d+)")), null);
            }
            return new ZooKeeperState.Server(endpoint, null, null, null, null,
                    "neither srvr nor mntr is in its 4lw.commands.whitelist");
        } catch (Exception e) {
            return new ZooKeeperState.Server(endpoint, null, null, null, null,
                    "no answer to srvr (" + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }

    private static boolean refused(String answer) {
        return answer == null || answer.isBlank() || answer.toLowerCase(Locale.ROOT).contains("not executed");
    }

    private static String field(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? m.group(1) : null;
    }

    private static Long number(String s) {
        return s == null ? null : Long.valueOf(s);
    }

    private String seconds() {
        long ms = timeout.toMillis();
        return ms % 1000 == 0 ? (ms / 1000) + "s" : ms + "ms";
    }
}
