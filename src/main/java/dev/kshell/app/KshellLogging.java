package dev.kshell.app;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.util.FileSize;
import dev.kshell.util.Environment;
import org.slf4j.bridge.SLF4JBridgeHandler;
import dev.kshell.util.PrivateFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * kshell's logging, configured in code when logback first starts (found through {@code META-INF/services}): logs go
 * to the file named by {@code -Dkshell.log.file} (set by {@link KshellApplication} to {@code ~/.kshell/kshell.log}
 * before anything logs), never to the terminal, which belongs to the operator; Kafka's client warnings from background
 * threads would garble the REPL.
 *
 * <p>Why in code rather than an XML file handed to Spring Boot: Boot's logging system let logback configure itself
 * once (a classpath search for logback-test.xml / logback.xml over every jar) and then configured it again from XML
 * (Joran); the two cost about a third of the start-up CPU of {@code help} (docs/performance.md). This is one pass.
 * A JVM started with {@code -Dlogback.configurationFile} (the sandbox's Kafka nodes, an operator's own file) keeps
 * logback's usual handling.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public class KshellLogging extends ContextAwareBase implements Configurator {

    /** The log file property {@link KshellApplication} sets; without it the file is {@code kshell.log} in the temp dir. */
    public static final String LOG_FILE_PROPERTY = Environment.LOG_FILE_PROPERTY;

    /** Why the log file cannot be written (an unwritable home, a symbolic link), or null: said once on stderr. */
    private static volatile String problem;

    /** Why logging is off for this run, one sentence, or null when the log file is written. */
    public static String problem() {
        return problem;
    }

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (Environment.logbackConfigured()) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        String file = context.getProperty(LOG_FILE_PROPERTY) != null ? context.getProperty(LOG_FILE_PROPERTY)
                : Environment.logFile();
        // Logback prints its status (some 50 lines, with a stack trace) to stdout when the file cannot be opened,
        // which broke --output json: a listener keeps it quiet; the one line the operator needs is problem().
        context.getStatusManager().add(new ch.qos.logback.core.status.NopStatusListener());
        try {
            PrivateFiles.createFile(Path.of(file));
        } catch (IOException | RuntimeException e) {
            problem = "cannot write the log file " + file + " (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "): nothing is logged in this run";
            context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.OFF);
            return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
        }
        problem = null;
        // Secrets (PASSWORD-typed client properties, JAAS passwords) are masked in every message and stack trace.
        @SuppressWarnings("unchecked")
        Map<String, Supplier<ch.qos.logback.core.pattern.DynamicConverter<?>>> rules =
                (Map<String, Supplier<ch.qos.logback.core.pattern.DynamicConverter<?>>>)
                        context.getObject(ch.qos.logback.core.CoreConstants.PATTERN_RULE_REGISTRY_FOR_SUPPLIERS);
        if (rules == null) {
            rules = new HashMap<>();
            context.putObject(ch.qos.logback.core.CoreConstants.PATTERN_RULE_REGISTRY_FOR_SUPPLIERS, rules);
        }
        rules.put("maskedMsg", MaskedLogConverters.Message::new);
        rules.put("maskedEx", MaskedLogConverters.StackTrace::new);

        RollingFileAppender<ILoggingEvent> appender = new PrivateFileAppender();
        appender.setContext(context);
        appender.setName("FILE");
        appender.setFile(file);

        FixedWindowRollingPolicy rolling = new FixedWindowRollingPolicy();
        rolling.setContext(context);
        rolling.setParent(appender);
        rolling.setFileNamePattern(file + ".%i");
        rolling.setMinIndex(1);
        rolling.setMaxIndex(3);
        rolling.start();

        SizeBasedTriggeringPolicy<ILoggingEvent> trigger = new SizeBasedTriggeringPolicy<>();
        trigger.setContext(context);
        trigger.setMaxFileSize(FileSize.valueOf("10MB"));
        trigger.start();

        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{ISO8601} %-5level [%thread] %logger{36} - %maskedMsg%n%maskedEx");
        encoder.start();

        appender.setRollingPolicy(rolling);
        appender.setTriggeringPolicy(trigger);
        appender.setEncoder(encoder);
        appender.start();

        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(appender);
        context.getLogger("org.apache.kafka").setLevel(Level.WARN);
        context.getLogger("kafka").setLevel(Level.WARN);
        context.getLogger("org.springframework").setLevel(Level.WARN);

        // java.util.logging (JLine logs through it) into the same file, as Spring Boot's logging system did
        if (!SLF4JBridgeHandler.isInstalled()) {
            SLF4JBridgeHandler.removeHandlersForRootLogger();
            SLF4JBridgeHandler.install();
        }
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /**
     * Logback's rolling appender creating its file 0600 (and a missing home 0700) before it opens it, at start and
     * after each roll-over: logback itself would create it with the umask's mode, and the log holds command lines,
     * cluster names and error messages.
     */
    static final class PrivateFileAppender extends RollingFileAppender<ILoggingEvent> {
        @Override
        public void openFile(String fileName) throws IOException {
            PrivateFiles.createFile(Path.of(fileName));
            super.openFile(fileName);
        }
    }
}
