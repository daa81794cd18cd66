package dev.kshell.connection;

import dev.kshell.util.Validated;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The one-line warnings about a file that holds a secret and that other users may read: {@code profiles.yaml} with a
 * secret among a profile's inline {@code properties}, a {@code --command-config} (or a profile's
 * {@code command-config}) file with a secret property ({@link Secrets#isSecretKey}, a non-empty value). Readable by
 * others means the group or others read bit. A warning, not an error: the connection goes ahead.
 */
public final class ExposedSecrets {

    private static final Set<PosixFilePermission> SHARED = Set.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.OTHERS_READ);

    private ExposedSecrets() {
    }

    /**
     * The warnings for what a connection reads: the profiles file when a profile is used, and each command-config
     * file (the profile's and {@code --command-config}).
     *
     * @param home          kshell's home (where {@code profiles.yaml} is)
     * @param profile       the profile's name, or null
     * @param commandConfig {@code --command-config}, or null
     */
    public static List<String> forConnection(Path home, String profile, String commandConfig) {
        Set<Path> propertyFiles = new LinkedHashSet<>();
        List<String> warnings = new ArrayList<>();
        if (profile != null && !profile.isBlank()) {
            Validated<ProfileSet> loaded = ProfileStore.load(home);
            if (loaded instanceof Validated.Ok<ProfileSet> ok && ok.value().exists()) {
                boolean secret = ok.value().profiles().stream()
                        .anyMatch(p -> holdsSecret(p.properties()));
                warning(ok.value().file(), secret).ifPresent(warnings::add);
                ok.value().find(profile.trim()).map(Profile::commandConfig).ifPresent(propertyFiles::add);
            }
        }
        if (commandConfig != null && !commandConfig.isBlank()) {
            propertyFiles.add(Path.of(commandConfig.trim()));
        }
        for (Path file : propertyFiles) {
            Validated<Map<String, String>> props = ClientProperties.load(file);
            if (props instanceof Validated.Ok<Map<String, String>> ok) {
                warning(file, holdsSecret(ok.value())).ifPresent(warnings::add);
            }
        }
        return warnings;
    }

    /** The warning for {@code file} when it holds a secret and its group or others may read it. */
    static Optional<String> warning(Path file, boolean holdsSecret) {
        if (!holdsSecret) {
            return Optional.empty();
        }
        Set<PosixFilePermission> mode;
        try {
            mode = Files.getPosixFilePermissions(file);
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty(); // no POSIX modes here, or gone since it was read: nothing to say
        }
        if (mode.stream().noneMatch(SHARED::contains)) {
            return Optional.empty();
        }
        return Optional.of("warning: " + file + " holds a secret and is readable by "
                + (mode.contains(PosixFilePermission.OTHERS_READ) ? "others" : "its group") + " ("
                + PosixFilePermissions.toString(mode) + "); chmod 600 " + file);
    }

    private static boolean holdsSecret(Map<String, String> properties) {
        return properties.entrySet().stream()
                .anyMatch(e -> Secrets.isSecretKey(e.getKey()) && e.getValue() != null && !e.getValue().isBlank());
    }
}
