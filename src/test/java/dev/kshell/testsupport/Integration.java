package dev.kshell.testsupport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * The second layer of the suite: a test class that starts a Kafka node, drives a real terminal (tmux, a pty) or runs
 * the release. Tagged {@code integration}: {@code mvn test} (surefire) leaves it out, {@code mvn verify} (failsafe,
 * after {@code package}) runs it. {@code ArchitectureTest} checks that every test class reaching a cluster, a
 * terminal or the release carries it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("integration")
public @interface Integration {
}
