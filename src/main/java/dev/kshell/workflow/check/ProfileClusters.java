package dev.kshell.workflow.check;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.connection.ConnectionOptions;
import dev.kshell.connection.ConnectionSettings;
import dev.kshell.connection.ProfileSet;
import dev.kshell.connection.ProfileStore;
import dev.kshell.util.DaemonThreads;
import dev.kshell.util.Durations;
import dev.kshell.util.SettingsError;
import dev.kshell.util.Suggest;
import dev.kshell.util.Validated;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.memory.KshellHome;
import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;

/**
 * Many clusters at once, one per profile of profiles.yaml ({@code --all-profiles}, {@code --profile A --profile B}):
 * which profiles, their connection settings, and one piece of work per cluster run concurrently, each through its
 * own short-lived gateway and within its own deadline. A cluster that cannot be judged is a result with its error,
 * never a failure of the run. {@code audit} (config risks) and {@code triage} over profiles share this.
 */
public final class ProfileClusters {

    private static final int MAX_PARALLEL = 8;

    private final Supplier<Path> home;
    private final Function<ClusterTarget, ClusterGateway> gateways;

    /** The profiles of kshell's home, each cluster through its own Admin client. */
    public static ProfileClusters fromHome() {
        return new ProfileClusters(KshellHome::dir, AdminClientGateway::new);
    }

    /**
     * @param home     kshell's home directory (profiles.yaml lives there)
     * @param gateways opens a gateway for a profile's target; each is closed after its work
     */
    public ProfileClusters(Supplier<Path> home, Function<ClusterTarget, ClusterGateway> gateways) {
        this.home = home;
        this.gateways = gateways;
    }

    /** A profile choice that cannot be served (no profiles.yaml, an unknown name): the operator's input error. */
    public static final class SelectionException extends KshellFailure {
        public SelectionException(String message) {
            super(ExitCode.USAGE, message);
        }
    }

    /** One profile as it will be reached: its settings, or why they could not be read. */
    public record Member(String name, ConnectionSettings settings, String error) {

        /** The endpoints it names, or "-" when its settings are broken. */
        public String endpoints() {
            return settings == null ? "-" : settings.bootstrap();
        }

        Duration timeout() {
            return settings == null ? Duration.ZERO : settings.timeout();
        }
    }

    /**
     * The profiles asked for, in the order asked (each once), or every profile with {@code all}.
     *
     * @param command the command's name, for the messages ("audit", "triage")
     * @throws SelectionException when profiles.yaml cannot be read, has no profile, or lacks one named
     */
    public List<String> select(String command, boolean all, List<String> asked) {
        Validated<ProfileSet> loaded = ProfileStore.load(home.get());
        if (!loaded.isOk()) {
            throw new SelectionException(String.join("; ", loaded.errors().stream().map(SettingsError::format).toList()));
        }
        ProfileSet set = loaded.orElseThrow();
        if (all) {
            if (set.profiles().isEmpty()) {
                throw new SelectionException(command + " --all-profiles: no profiles in " + SettingsError.display(set.file()));
            }
            return set.names();
        }
        for (String name : asked) {
            if (set.find(name).isEmpty()) {
                String hint = Suggest.closest(name, set.names()).map(s -> " (did you mean '" + s + "'?)").orElse("");
                throw new SelectionException(command + ": no profile '" + name + "' in "
                        + SettingsError.display(set.file()) + hint);
            }
        }
        return List.copyOf(new LinkedHashSet<>(asked));
    }

    /** Each profile's connection settings ({@code timeout}: the command's --timeout, or null for the profile's). */
    public List<Member> resolve(List<String> names, Duration timeout) {
        List<Member> out = new ArrayList<>();
        for (String name : names) {
            Validated<ConnectionSettings> resolved = ConnectionSettings.resolve(ConnectionOptions.profile(name)
                    .withTimeout(timeout == null ? null : Durations.format(timeout)), home.get());
            out.add(resolved.isOk() ? new Member(name, resolved.orElseThrow(), null)
                    : new Member(name, null, String.join("; ", resolved.errors().stream().map(SettingsError::format).toList())));
        }
        return out;
    }

    /**
     * Runs {@code work} on every member's cluster at once, each through its own gateway (closed after), and
     * returns the results in the members' order. A member whose settings are broken, whose work throws, or that
     * misses its deadline becomes {@code failed(member, why)}. Each cluster call has its own deadline (the
     * profile's timeout); the bound here, {@code calls} calls' worth plus 10 s, only guards against one that
     * ignores them.
     *
     * @throws InterruptedException when the caller is interrupted (Ctrl-C): every cluster's work is cancelled
     */
    public <R> List<R> each(List<Member> members, int calls, BiFunction<Member, ClusterGateway, R> work,
                            BiFunction<Member, String, R> failed) throws InterruptedException {
        if (members.isEmpty()) {
            return List.of();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(MAX_PARALLEL, members.size()), DaemonThreads.named("kshell-profiles"));
        try {
            List<Future<R>> futures = new ArrayList<>();
            for (Member m : members) {
                futures.add(pool.submit(() -> m.settings() == null ? failed.apply(m, m.error()) : run(m, work)));
            }
            List<R> out = new ArrayList<>();
            for (int i = 0; i < members.size(); i++) {
                out.add(collect(futures.get(i), members.get(i), calls, failed));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private <R> R run(Member m, BiFunction<Member, ClusterGateway, R> work) {
        ConnectionSettings s = m.settings();
        ClusterTarget target = new ClusterTarget(s.bootstrapServers(), s.bootstrapControllers(), s.clientProperties(),
                s.timeout());
        try (ClusterGateway gateway = gateways.apply(target)) {
            return work.apply(m, gateway);
        }
    }

    private static <R> R collect(Future<R> future, Member m, int calls, BiFunction<Member, String, R> failed)
            throws InterruptedException {
        long boundMs = m.timeout().toMillis() * calls + 10_000;
        try {
            return future.get(boundMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof CancellationException cancelled) {
                throw cancelled;
            }
            return failed.apply(m, String.valueOf(cause.getMessage()));
        } catch (TimeoutException e) {
            future.cancel(true);
            return failed.apply(m, "no result within " + boundMs / 1000 + "s");
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        }
    }
}
