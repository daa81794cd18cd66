package dev.kshell.it;

import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.Required;

import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.Tmux;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The release as an operator installs it: {@code target/kshell-VERSION.tar.gz}, the tarball this same build made in
 * {@code package} (this class runs in {@code mvn verify}, after it), extracted as it is (bin/kshell, lib/ with
 * kshell.jar and its Spring AOT classes and every runtime jar, completions/, the man page, licenses/, README.md). It is
 * made read-only and run from elsewhere, with a {@code mvn} first on PATH that fails loudly, and must answer
 * {@code --version}, a one-shot command against the shared cluster, {@code completion bash} and a real zsh Tab,
 * writing nothing into its own directory: the fast-start archive goes to the per-user cache.
 */
@Integration
@Timeout(900)
class ReleaseLayoutIntegrationTest {

    @TempDir
    Path dir;

    private Path install;
    private String version;
    private Path fakeBin;
    private Path mvnMarker;
    private final String tmuxSocket = "kshell-release-" + ProcessHandle.current().pid();

    @BeforeEach
    void extract() throws Exception {
        String property = System.getProperty("kshell.release.tarball");
        assertThat(property).as("failsafe names the tarball (pom.xml); run this class with mvn verify").isNotBlank();
        Path tarball = Path.of(property);
        assertThat(tarball).as("made by this build's package phase").exists();
        version = tarball.getFileName().toString().replaceFirst("^kshell-", "").replaceFirst("\\.tar\\.gz$", "");
        Path opt = Files.createDirectories(dir.resolve("opt"));
        Process tar = new ProcessBuilder("tar", "xzf", tarball.toString(), "-C", opt.toString()).redirectErrorStream(true)
                .start();
        String tarOut = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(tar.waitFor(120, TimeUnit.SECONDS)).as(tarOut).isTrue();
        assertThat(tar.exitValue()).as(tarOut).isZero();
        install = opt.resolve("kshell-" + version);
        for (String part : List.of("bin/kshell", "lib/kshell.jar", "completions/kshell.bash", "completions/_kshell",
                "share/man/man1/kshell.1", "licenses/THIRD-PARTY.txt", "README.md")) {
            assertThat(install.resolve(part)).as("the release holds " + part).exists();
        }
        assertThat(Files.isExecutable(install.resolve("bin/kshell"))).as("bin/kshell is executable").isTrue();
        // PATH: a mvn that fails loudly, kshell as a symlink (as people link it into ~/bin), this JVM's java, /usr/bin
        fakeBin = Files.createDirectories(dir.resolve("fake-bin"));
        mvnMarker = dir.resolve("mvn-was-called");
        Files.writeString(fakeBin.resolve("mvn"), "#!/bin/sh\necho \"$@\" >> '" + mvnMarker + "'\n"
                + "echo 'mvn must not be called by the release' >&2\nexit 1\n");
        fakeBin.resolve("mvn").toFile().setExecutable(true);
        Files.createSymbolicLink(fakeBin.resolve("kshell"), install.resolve("bin/kshell"));
        Files.createDirectories(dir.resolve("home"));
        Files.createDirectories(dir.resolve("elsewhere"));
        setWritable(install, false);
    }

    @AfterEach
    void restore() throws Exception {
        if (install != null) {
            setWritable(install, true);
        }
        if (Tmux.available()) {
            try {
                Tmux.run(tmuxSocket, "kill-server");
            } catch (IllegalStateException e) {
                // no server was started
            }
        }
    }

    private static void setWritable(Path root, boolean writable) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(Files::isDirectory).toList()) {
                p.toFile().setWritable(writable, false);
            }
        }
    }

    /** Every file and directory of the install with its size, time and permissions. */
    private Map<String, String> listing() throws IOException {
        Map<String, String> list = new TreeMap<>();
        try (Stream<Path> all = Files.walk(install)) {
            for (Path p : all.toList()) {
                list.put(install.relativize(p).toString(), Files.size(p) + " " + Files.getLastModifiedTime(p) + " "
                        + PosixFilePermissions.toString(Files.getPosixFilePermissions(p)));
            }
        }
        return list;
    }

    private Map<String, String> environment() {
        Map<String, String> env = new HashMap<>();
        Path javaBin = Path.of(System.getProperty("java.home"), "bin");
        env.put("PATH", fakeBin + ":" + javaBin + ":/usr/bin:/bin");
        env.put("HOME", dir.resolve("home").toString());
        env.put("XDG_CACHE_HOME", dir.resolve("cache").toString());
        env.put("KSHELL_HOME", dir.resolve("kshell-home").toString());
        env.put("LANG", "C.UTF-8");
        return env;
    }

    private record Run(int code, String out, String err) {
    }

    /** {@code kshell ARGS} from another directory, the way an operator types it, with only the environment above. */
    private Run kshell(String... args) throws Exception {
        return kshellWith(Map.of(), args);
    }

    /** As {@link #kshell}, with {@code extra} added to the environment. */
    private Run kshellWith(Map<String, String> extra, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("kshell"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(List.of("/bin/sh", "-c", "exec " + Tmux.shellLine(command)))
                .directory(dir.resolve("elsewhere").toFile());
        pb.environment().clear();
        pb.environment().putAll(environment());
        pb.environment().putAll(extra);
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("kshell " + String.join(" ", args) + " did not finish in 300 s");
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void should_run_from_a_read_only_install_without_maven_and_write_only_to_the_user_cache() throws Exception {
        Map<String, String> before = listing();

        Run version = kshell("--version");
        assertThat(version.code()).as(version.err()).isZero();
        assertThat(version.out()).isEqualTo("kshell " + this.version + "\n");
        assertThat(version.err()).as("the first run makes the fast-start archive, in the cache")
                .contains("kshell: preparing fast start in " + dir.resolve("cache/kshell"));
        try (Stream<Path> cache = Files.list(dir.resolve("cache/kshell"))) {
            assertThat(cache.map(p -> p.getFileName().toString()))
                    .as("the archive (or the note of a failed attempt) lies in the cache")
                    .anyMatch(n -> n.matches("kshell-\\d+\\.(jsa|aot)(\\.failed)?"));
        }

        String bootstrap = SharedCluster.get().bootstrapServers();
        SharedCluster.ensureAllRunning();
        // a settled cluster's quorum is OK (exit 0); right after another class's restarts a voter may still be
        // catching up, which quorum rightly reports (exit 1): wait for the settled answer
        Run quorum = Await.until("quorum OK through the release", Duration.ofSeconds(120), () -> {
            try {
                return kshell("--bootstrap-server", bootstrap, "--timeout", "30s", "quorum");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, r -> r.code() == 0);
        assertThat(quorum.out()).contains("leader");
        assertThat(quorum.err()).doesNotContain("preparing fast start");

        // the environment, as the launcher passes it: KSHELL_HOME holds the log; KSHELL_AUDIT_FILE takes the audit line
        // of a mutating attempt (one that fails in planning: no such topic), and the home's own audit.jsonl does not
        assertThat(dir.resolve("kshell-home/kshell.log")).as("KSHELL_HOME chooses the home").exists();
        Path auditFile = Files.createDirectories(dir.resolve("audit-elsewhere")).resolve("audit.jsonl");
        Run attempt = kshellWith(Map.of("KSHELL_AUDIT_FILE", auditFile.toString()), "--bootstrap-server", bootstrap,
                "--timeout", "30s", "elect", "unclean", "kshell-release-nosuch-0");
        assertThat(attempt.code()).as(attempt.out() + attempt.err()).isEqualTo(2); // no such topic: the operator's input
        assertThat(auditFile).as("KSHELL_AUDIT_FILE chooses the audit file").exists();
        assertThat(Files.readString(auditFile)).contains("kshell-release-nosuch-0");
        assertThat(dir.resolve("kshell-home/audit.jsonl")).doesNotExist();

        Run bash = kshell("completion", "bash");
        assertThat(bash.code()).as(bash.err()).isZero();
        assertThat(bash.out()).isEqualTo(Files.readString(Path.of("completions/kshell.bash")));

        assertThat(mvnMarker).as("mvn was called").doesNotExist();
        assertThat(listing()).as("the install directory is unchanged").isEqualTo(before);
    }

    @Test
    void should_offer_the_commands_under_zsh_after_a_launcher_option_and_its_value() throws Exception {
        Required.zsh("the release's zsh completion (apt-get install zsh)");
        Required.tmux("the release's zsh completion");
        Path zdot = Files.createDirectories(dir.resolve("zdot"));
        Files.writeString(zdot.resolve(".zshrc"), "PS1='zsh> '\nfpath=(" + install.resolve("completions")
                + " $fpath)\nautoload -Uz compinit && compinit -u -d " + zdot.resolve(".zcompdump") + "\n");
        List<String> env = new ArrayList<>(List.of("env", "-i"));
        environment().forEach((k, v) -> env.add(k + "=" + v));
        env.addAll(List.of("ZDOTDIR=" + zdot, "TERM=xterm", "zsh", "-i"));
        Tmux.run(tmuxSocket, "new-session", "-d", "-s", "zsh", "-x", "160", "-y", "30", "-c",
                dir.resolve("elsewhere").toString(), Tmux.shellLine(env));
        String screen = waitFor("zsh>", 30);
        assertThat(screen).contains("zsh>");
        Tmux.run(tmuxSocket, "send-keys", "-t", "zsh", "-l", "kshell --zookeeper zk:2181 ");
        Tmux.run(tmuxSocket, "send-keys", "-t", "zsh", "Tab");
        // the real kshell lists its command names (a JVM start, and the archive's first making, may take a while)
        screen = waitFor("triage", 300);
        assertThat(screen).contains("quorum", "triage", "leaderless", "describe");
        assertThat(mvnMarker).as("mvn was called").doesNotExist();
    }

    /** The screen once it shows {@code text}; fails, with the last screen, when it does not within the time. */
    private String waitFor(String text, int seconds) {
        return Await.until("the zsh screen shows '" + text + "'", Duration.ofSeconds(seconds), () -> {
            try {
                return Tmux.run(tmuxSocket, "capture-pane", "-p", "-t", "zsh");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, screen -> screen.contains(text));
    }
}
