package dev.kshell.util;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import com.sun.security.auth.module.UnixSystem;

/**
 * Who runs kshell and where, as the operating system says, for the audit log and the lock files: never the
 * {@code user.name} property or the {@code HOSTNAME} variable, which whoever starts the JVM can set
 * ({@code HOSTNAME=prod-bastion -Duser.name=alice}). Read once; a part the system cannot tell is {@code uid N} /
 * {@code unknown}.
 */
public final class OsIdentity {

    private OsIdentity() {
    }

    /**
     * The login name of the process's real user id: {@code id -un}. From the kernel's credentials
     * ({@code getuid(2)} via {@code com.sun.security.auth.module.UnixSystem}, or {@code /proc/self/status}) and the
     * password database; {@code uid 1000} when the id has no name there.
     */
    public static String user() {
        return User.NAME;
    }

    /** The kernel's host name ({@code uname -n}: {@code /proc/sys/kernel/hostname}), else the resolver's. */
    public static String host() {
        return Host.NAME;
    }

    // Each read once, on first use (a holder class is initialised then), apart: a caller that wants only the user
    // does not wait for the resolver. Who and where do not change while kshell runs.
    private static final class User {
        static final String NAME = lookUpUser();
    }

    private static final class Host {
        static final String NAME = lookUpHost();
    }

    private static String lookUpUser() {
        Long uid = null;
        try {
            UnixSystem system = new UnixSystem();
            uid = system.getUid();
            String name = nameOf(uid);
            if (name != null) {
                return name;
            }
            if (system.getUsername() != null && !system.getUsername().isBlank()) {
                return system.getUsername();
            }
        } catch (LinkageError | RuntimeException e) {
            uid = uidFromProc();
        }
        if (uid == null) {
            return "unknown";
        }
        String name = nameOf(uid);
        return name != null ? name : "uid " + uid;
    }

    // The real uid from /proc/self/status ("Uid:\treal\teffective\tsaved\tfs").
    static Long uidFromProc() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Uid:")) {
                    return Long.parseLong(line.substring(4).strip().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return null;
    }

    // The name of uid in /etc/passwd ("name:x:uid:gid:..."), or null.
    static String nameOf(long uid) {
        try {
            List<String> lines = Files.readAllLines(Path.of("/etc/passwd"), StandardCharsets.UTF_8);
            return nameOf(uid, lines);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static String nameOf(long uid, List<String> passwd) {
        for (String line : passwd) {
            String[] f = line.split(":", -1);
            if (f.length > 2 && !f[0].isEmpty() && f[2].equals(Long.toString(uid))) {
                return f[0];
            }
        }
        return null;
    }

    private static String lookUpHost() {
        try {
            Path kernel = Path.of("/proc/sys/kernel/hostname");
            if (Files.isRegularFile(kernel)) {
                String h = Files.readString(kernel, StandardCharsets.UTF_8).strip();
                if (!h.isEmpty()) {
                    return h;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: ask the resolver
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
