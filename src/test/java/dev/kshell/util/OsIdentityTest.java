package dev.kshell.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The audit's user and host come from the operating system, not from what the caller sets. */
@Timeout(120)
class OsIdentityTest {

    @TempDir
    Path dir;

    @Test
    void should_name_a_uid_from_the_password_database() {
        List<String> passwd = List.of("root:x:0:0:root:/root:/bin/bash", "#comment", "", "op:x:1000:1000::/home/op:/bin/sh");
        assertThat(OsIdentity.nameOf(1000, passwd)).isEqualTo("op");
        assertThat(OsIdentity.nameOf(0, passwd)).isEqualTo("root");
        assertThat(OsIdentity.nameOf(4242, passwd)).isNull();
    }

    @Test
    void should_ignore_user_name_and_hostname_that_the_caller_sets() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Duser.name=mallory", "-cp", System.getProperty("java.class.path"),
                IdentityProbe.class.getName());
        pb.environment().put("HOSTNAME", "prod-bastion-forged");
        Process child = pb.redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(child.waitFor()).as(out).isZero();

        String expectedHost = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        String expectedUser = new String(new ProcessBuilder("id", "-un").start().getInputStream().readAllBytes(),
                StandardCharsets.UTF_8).strip();
        // was: the audit line said mallory@prod-bastion-forged
        assertThat(out).isEqualTo(expectedUser + "@" + expectedHost);
    }

    /** Prints what the audit log would record. */
    public static final class IdentityProbe {
        public static void main(String[] args) {
            System.out.println(OsIdentity.user() + "@" + OsIdentity.host());
        }
    }
}
