package dev.kshell.it;

import dev.kshell.testsupport.MatrixCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(900)
class MatrixSmokeTmpTest {
    @Test
    void start() {
        for (MatrixCluster.Flavour f : MatrixCluster.Flavour.values()) {
            var c = MatrixCluster.get(f);
            System.out.println(f + " " + c.bootstrapServers() + " zk=" + c.zooKeeperConnect() + " id=" + c.clusterId());
            MatrixCluster.close(f);
        }
    }
}
