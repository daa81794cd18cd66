package dev.kshell.connection;

import dev.kshell.util.Durations;
import dev.kshell.util.SettingsError;
import java.util.List;
import java.util.Map;

/**
 * One row of the {@code profiles} listing, safe to show: secret property values are already {@link Secrets#MASK}.
 *
 * @param name              profile name
 * @param target            {@code bootstrap-servers h1:9092,h2:9092} or {@code bootstrap-controllers c1:9093}
 * @param commandConfig     the client properties file as the user would type it ({@code ~/...}), or null
 * @param properties        inline client properties with secrets masked, in file order
 * @param expectedClusterId the cluster id the profile must reach, or null
 * @param timeout           the profile's default timeout as written back ({@code 10s}), or null for kshell's default
 */
public record ProfileView(String name, String target, String commandConfig, Map<String, String> properties,
                          String expectedClusterId, String timeout) {

    public ProfileView {
        properties = Secrets.mask(properties);
    }

    /** The view of one profile. Reads no file: listing must work even when a command-config file is missing. */
    public static ProfileView of(Profile p) {
        return new ProfileView(p.name(), p.target(),
                p.commandConfig() == null ? null : SettingsError.display(p.commandConfig()),
                p.properties(), p.expectedClusterId(), Durations.format(p.timeout()));
    }

    /** The views of every profile, in file order. */
    public static List<ProfileView> of(ProfileSet set) {
        return set.profiles().stream().map(ProfileView::of).toList();
    }
}
