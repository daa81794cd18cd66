package dev.kshell.cluster;

import dev.kshell.model.LogDirsRead;

import java.util.Collection;

/**
 * Brokers' log directories (describeLogDirs): online or offline with the error, the volume's total and usable bytes
 * (Kafka 3.3+, KIP-827), cordoned (Kafka 4.4), and every replica each holds with its size and offset lag. Reached
 * through {@link ClusterGateway#logDirs()}; every call carries the gateway's deadline. Kafka 2.8 to 4.x answer it in
 * both modes.
 */
public interface LogDirs {

    /**
     * Every log directory of these brokers. A broker that does not answer within the deadline is a sentence in
     * {@link LogDirsRead#errors()}, never a failure of the whole read; ask only live brokers (a dead one costs the
     * whole deadline).
     */
    LogDirsRead describe(Collection<Integer> brokerIds);
}
