package dev.kshell.app;

import dev.kshell.cli.UsageException;
import dev.kshell.model.ExitCode;
import dev.kshell.memory.KshellHome;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.Banner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.core.env.ConfigurableEnvironment;

import java.util.List;
import dev.kshell.connection.Secrets;
import dev.kshell.util.Environment;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.slf4j.LoggerFactory;

/**
 * kshell's entry point. Spring Shell's own runners and terminal are left out (docs/kafka-behaviour.md lists their defects): kshell
 * owns the runner, and uses Spring Shell for commands, their options and the registry.
 *
 * <p>Start-up is most of a one-shot command's cost, so the context holds only kshell's own beans
 * (docs/performance.md, "Where a start's CPU goes"): no auto-configuration at all (kshell uses none of Boot's or Spring
 * Shell's: no task executors, SSL bundles, AOP, JMX, message sources, configuration properties), no Boot logging
 * system ({@link KshellLogging} configures logback once, in code), no background pre-initialiser thread, no property
 * files (kshell has no Spring settings to read; Boot's default would also read ./application.properties and ./config/
 * from whatever directory the operator is in), no binding of {@code spring.main.*}: see {@link StartUp}.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@ComponentScan("dev.kshell")
public class KshellApplication {

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs kshell and returns the process exit code (tests call this instead of main). */
    public static int run(String[] args) {
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args);
        } catch (UsageException e) {
            System.err.println("error: " + Secrets.maskText(e.getMessage()));
            return ExitCode.USAGE.code();
        }
        if (options.help()) {
            System.out.print(LaunchOptions.USAGE);
            return 0;
        }
        if (options.version()) {
            System.out.println("kshell " + version());
            return 0;
        }
        // Logs go to a file before anything logs: the console belongs to the operator.
        System.setProperty(KshellLogging.LOG_FILE_PROPERTY, KshellHome.log().toString());
        LoggerFactory.getILoggerFactory(); // configure now, so a log that cannot be written is said first
        if (KshellLogging.problem() != null) {
            System.err.println("warning: " + KshellLogging.problem());
        }
        SpringApplication app = new StartUp();
        app.addInitializers(context -> context.getBeanFactory().registerSingleton("launchOptions", options));
        ConfigurableApplicationContext context;
        try {
            context = app.run(args);
        } catch (SpringApplication.AbandonedRunException e) {
            throw e; // Spring AOT processing stops the run on purpose
        } catch (RuntimeException e) {
            System.err.println("error: kshell could not start: " + Secrets.maskText(rootMessage(e)) + " (log: " + KshellHome.log() + ")");
            if (options.stacktrace()) {
                StringWriter trace = new StringWriter();
                e.printStackTrace(new PrintWriter(trace));
                System.err.print(Secrets.maskText(trace.toString()));
            }
            return ExitCode.INTERNAL.code();
        }
        try {
            return SpringApplication.exit(context);
        } catch (IllegalStateException e) {
            // SIGTERM (or SIGHUP) closed the context while the command ended: the JVM is already exiting
            return context.isActive() ? ExitCode.INTERNAL.code() : TERMINATED;
        }
    }

    /** The exit code of a shell ended by SIGTERM: 128 + 15, as a shell reports it. */
    static final int TERMINATED = 143;

    /**
     * Spring Boot's start with what kshell does not use left out; each cut was measured (docs/performance.md, "Where a
     * start's CPU goes"). What stays: the context, component scan (or the AOT-generated bean definitions), the
     * runner, the exit code and the shutdown hook.
     */
    static final class StartUp extends SpringApplication {

        /** Removed listeners: see the class comment of {@link KshellApplication}; the last is not public. */
        private static final List<String> LEFT_OUT_LISTENERS = List.of(
                "org.springframework.boot.context.logging.LoggingApplicationListener",
                "org.springframework.boot.support.EnvironmentPostProcessorApplicationListener",
                "org.springframework.boot.autoconfigure.preinitialize.BackgroundPreinitializingApplicationListener");

        StartUp() {
            super(KshellApplication.class);
            setListeners(getListeners().stream()
                    .filter(l -> !LEFT_OUT_LISTENERS.contains(l.getClass().getName())).toList());
            setBannerMode(Banner.Mode.OFF);
            setLogStartupInfo(false);
            setAddConversionService(false);
            // the launcher's fast start asks for lazy beans with the system property Boot would have bound
            setLazyInitialization(Environment.lazyInitialization());
        }

        /** Binding {@code spring.main.*} onto this object costs ~5% of a start; the settings above are all there is. */
        @Override
        protected void bindToSpringApplication(ConfigurableEnvironment environment) {
        }
    }

    static String version() {
        String v = KshellApplication.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }
}
