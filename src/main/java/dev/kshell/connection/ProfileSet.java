package dev.kshell.connection;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The profiles of one file, in file order.
 *
 * @param file     the profiles file that was read (or would have been)
 * @param exists   false when the file does not exist; then {@code profiles} is empty
 * @param profiles profiles in file order, names unique
 */
public record ProfileSet(Path file, boolean exists, List<Profile> profiles) {

    public ProfileSet {
        profiles = List.copyOf(profiles);
    }

    public List<String> names() {
        return profiles.stream().map(Profile::name).toList();
    }

    public Optional<Profile> find(String name) {
        return profiles.stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
