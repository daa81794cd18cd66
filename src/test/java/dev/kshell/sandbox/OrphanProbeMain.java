package dev.kshell.sandbox;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

/** Child JVM for {@link LocalClusterLifecycleTest}: starts a 1+1 cluster in args[0], prints its pids, waits. */
public final class OrphanProbeMain {

    private OrphanProbeMain() {
    }

    public static void main(String[] args) throws Exception {
        LocalCluster cluster = LocalCluster.start(
                new LocalClusterSpec(1, 1, Path.of(args[0]), true, Map.of()), line -> { });
        System.out.println("PIDS " + cluster.nodes().stream().map(n -> String.valueOf(n.pid()))
                .collect(Collectors.joining(",")));
        System.out.flush();
        Thread.sleep(600_000);
    }
}
