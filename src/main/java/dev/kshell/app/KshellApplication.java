package dev.kshell.app;

import dev.kshell.cli.UsageException;
import dev.kshell.model.ExitCode;
import dev.kshell.session.KshellHome;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.shell.core.autoconfigure.SpringShellAutoConfiguration;

/**
 * kshell's entry point. Spring Shell's own runners and terminal are left out (docs/kafka-behaviour.md lists their defects): kshell
 * owns the runner, and uses Spring Shell for commands, their options and the registry.
 */
@SpringBootApplication(exclude = SpringShellAutoConfiguration.class, scanBasePackages = "dev.kshell")
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
            System.err.println("error: " + e.getMessage());
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
        System.setProperty("kshell.log.file", KshellHome.log().toString());
        SpringApplication app = new SpringApplication(KshellApplication.class);
        app.addInitializers(context -> context.getBeanFactory().registerSingleton("launchOptions", options));
        ConfigurableApplicationContext context;
        try {
            context = app.run(args);
        } catch (SpringApplication.AbandonedRunException e) {
            throw e; // Spring AOT processing stops the run on purpose
        } catch (RuntimeException e) {
            System.err.println("error: kshell could not start: " + rootMessage(e) + " (log: " + KshellHome.log() + ")");
            if (options.stacktrace()) {
                e.printStackTrace();
            }
            return ExitCode.INTERNAL.code();
        }
        return SpringApplication.exit(context);
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
