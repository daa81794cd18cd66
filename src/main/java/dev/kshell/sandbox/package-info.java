/**
 * The sandbox: {@link dev.kshell.sandbox.LocalCluster} runs a real Apache Kafka KRaft cluster on 127.0.0.1, one
 * child JVM ({@link dev.kshell.sandbox.NodeMain}) per node, for {@code --sandbox} and for integration tests.
 * This package must not use the Kafka Admin client (only {@code dev.kshell.cluster} does): readiness is judged
 * from TCP ports and the nodes' own logs.
 */
package dev.kshell.sandbox;
