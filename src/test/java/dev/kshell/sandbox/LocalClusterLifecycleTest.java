package dev.kshell.sandbox;

import dev.kshell.testsupport.Integration;

import org.junit.jupiter.api.extension.ExtendWith;
import dev.kshell.testsupport.SharedCluster;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Integration
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@ExtendWith(SharedCluster.Frozen.class)
class LocalClusterLifecycleTest {

    @Test
    void should_leave_no_node_processes_and_no_temp_dir_after_close() throws Exception {
        List<String> progress = new ArrayList<>();
        LocalCluster cluster = LocalCluster.start(new LocalClusterSpec(1, 1, null, true, Map.of()), progress::add);
        Path root = cluster.root();
        List<Long> pids = cluster.nodes().stream().map(NodeInfo::pid).toList();
        assertThat(pids).hasSize(2).allMatch(pid -> pid > 0);
        assertThat(progress).anyMatch(l -> l.startsWith("formatting 2 nodes"))
                .anyMatch(l -> l.startsWith("broker 2 up"))
                .anyMatch(l -> l.startsWith("cluster ready in"));

        long t0 = System.nanoTime();
        cluster.close();
        System.out.printf("close() of a 1+1 cluster took %.1f s%n", (System.nanoTime() - t0) / 1e9);

        assertThat(pids).noneMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        assertThat(ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(root.toString()))).isEmpty();
        assertThat(root).doesNotExist();
        assertThat(cluster.nodes()).allMatch(n -> n.state() == NodeInfo.State.STOPPED && n.pid() == -1);
    }

    @Test
    void should_halt_every_node_when_the_launching_jvm_is_killed(@TempDir Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process launcher = new ProcessBuilder(java, "-Xmx128m", "-XX:TieredStopAtLevel=1",
                "-Dlogback.configurationFile=" + dir.resolve("none.xml"),
                "-cp", System.getProperty("java.class.path"), OrphanProbeMain.class.getName(),
                dir.resolve("cluster").toString())
                .redirectErrorStream(true).start();
        List<Long> pids = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("PIDS ")) {
                    Arrays.stream(line.substring(5).split(",")).map(Long::parseLong).forEach(pids::add);
                    break;
                }
            }
            assertThat(pids).as("pids printed by the launcher").hasSize(2);
            assertThat(pids).allMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));

            long t0 = System.nanoTime();
            launcher.destroyForcibly().waitFor(); // kill -9: no shutdown hook runs
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (System.nanoTime() < deadline
                    && pids.stream().anyMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))) {
                Thread.sleep(100);
            }
            System.out.printf("orphan nodes halted %.1f s after kill -9 of their parent%n",
                    (System.nanoTime() - t0) / 1e9);
        } finally {
            launcher.destroyForcibly();
            pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
        assertThat(pids).noneMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    }
}
