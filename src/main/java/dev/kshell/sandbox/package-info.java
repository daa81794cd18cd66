/**
 * The sandbox: {@link dev.kshell.sandbox.LocalCluster} runs a real Apache Kafka KRaft cluster on 127.0.0.1, one
 * child JVM ({@link dev.kshell.sandbox.NodeMain}) per node, for {@code --sandbox} and for integration tests.
 * This package must not use the Kafka Admin client (only {@code dev.kshell.cluster} does): readiness is judged
 * from TCP ports and the nodes' own logs.
 *
 * <p><b>The seed incident</b>, named in comments across the code: the production outage kshell was built from
 * (docs/architecture.md, "The seed incident"). Controllers 1-3 and brokers 4-6; broker 5 died; an RF 1 topic lost its
 * only leader; an RF 3 topic with {@code min.insync.replicas=3} fell under min ISR, so acks=all producers failed;
 * {@code offsets.topic.replication.factor=2} stalled consumer groups; and the active controller kept changing (long
 * GC pauses) while the operators looked at partitions. The sandbox's shape ({@code LocalClusterSpec.seed()}) and its
 * first scenarios ({@code broker-down}, {@code offsets-rf2}, {@code controller-flapping}) replay it.
 */
package dev.kshell.sandbox;
