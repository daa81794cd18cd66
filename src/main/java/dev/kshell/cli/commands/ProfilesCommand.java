package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Table;
import dev.kshell.render.Tone;
import dev.kshell.memory.KshellHome;
import dev.kshell.connection.ProfileSet;
import dev.kshell.connection.ProfileStore;
import dev.kshell.connection.ProfileView;
import dev.kshell.connection.ShellSession;
import dev.kshell.util.SettingsError;
import dev.kshell.util.Validated;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** {@code profiles}: the profiles in ~/.kshell/profiles.yaml, secrets masked; the one in use is starred. */
public class ProfilesCommand extends KshellCommand {

    private final ShellSession session;
    private final Supplier<Path> home;
    public ProfilesCommand(ShellSession session) {
        this(session, KshellHome::dir);
    }

    /** @param home kshell's home directory (tests pass a temporary one) */
    public ProfilesCommand(ShellSession session, Supplier<Path> home) {
        super(CommandSpec.named("profiles").group(Group.SESSION)
                .description("Profiles from ~/.kshell/profiles.yaml (secrets masked); connect NAME uses one")
                .examples("profiles", "profiles --output json"));
        this.session = session;
        this.home = home;
    }

    /**
     * @param file     the profiles file, as the operator would type it
     * @param exists   false when the file does not exist
     * @param current  the profile this session is connected through, or null
     * @param profiles every profile, in file order, secret property values as {@code ****}
     */
    public record Listing(String file, boolean exists, String current, List<ProfileView> profiles) {
    }

    @Override
    public ExitCode execute(Invocation inv) {
        Validated<ProfileSet> loaded = ProfileStore.load(home.get());
        if (!loaded.isOk()) {
            // Every mistake at once, each with file:line, so one edit fixes them all.
            for (SettingsError e : loaded.errors()) {
                inv.note("error: " + e.format());
            }
            return ExitCode.USAGE;
        }
        ProfileSet set = loaded.orElseThrow();
        String current = session.connection().map(ShellSession.Connection::label)
                .filter(set.names()::contains).orElse(null);
        Listing listing = new Listing(SettingsError.display(set.file()), set.exists(), current, ProfileView.of(set));
        inv.emit(listing, () -> text(listing, inv.output().width(), inv.output().color()));
        return ExitCode.OK;
    }

    static String text(Listing l, int width, boolean color) {
        if (!l.exists()) {
            return "no profiles: " + l.file() + " does not exist (docs/ux.md, section Profiles, has a sample)\n";
        }
        if (l.profiles().isEmpty()) {
            return "no profiles in " + l.file() + "\n";
        }
        Table table = Table.of("name", "target", "command-config", "properties", "cluster-id", "timeout");
        for (ProfileView p : l.profiles()) {
            boolean inUse = p.name().equals(l.current());
            table.row(inUse ? Tone.GOOD : Tone.PLAIN, (inUse ? "* " : "") + p.name(), p.target(), p.commandConfig(),
                    properties(p.properties()), p.expectedClusterId(), p.timeout());
        }
        return table.render(width, color) + "(" + l.file() + "; connect NAME to use one)\n";
    }

    private static String properties(Map<String, String> properties) {
        return properties.isEmpty() ? null
                : properties.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
    }
}
