package dev.kshell.grammar;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.testsupport.Required;

@Timeout(30)
class ManPageTest {

    private static final CommandSpec PAUSE = CommandSpec.named("sandbox pause", "pause").group(Group.SANDBOX)
            .description("Pause a node")
            .options(Opt.duration("for", "how long"), Opt.choice("mode", "how", "soft", "hard"))
            .arguments(Arg.nodeId("node", ArgKind.LIVE_NODE_ID, "the node to pause"))
            .examples("sandbox pause 4 --for 10s", ".starts with a dot \\ and a backslash");
    private static final CommandSpec SECRET = CommandSpec.named("__secret").group(Group.SESSION).description("plumbing")
            .traits(Trait.HIDDEN);

    private static String page() {
        CommandSpec launcher = CommandSpec.named("kshell").description("the launcher")
                .options(Opt.text("bootstrap-server", "brokers"));
        return ManPage.render("1.2.3", launcher, List.of(GlobalOptions.OUTPUT.spec()), List.of(PAUSE, SECRET));
    }

    @Test
    void should_show_each_visible_command_with_its_arguments_options_and_examples() {
        String page = page();
        assertThat(page).startsWith(".\\\" Generated").contains(".TH KSHELL 1 \"\" \"kshell 1.2.3\"")
                .contains(".SS Sandbox\n.TP\n.B " + ManPage.escape(PAUSE.usage()) + "\nPause a node\n")
                .contains("Also: pause").contains(".I NODE\nthe node to pause")
                .contains(".B \\-\\-for \\fIDURATION\\fR\nhow long").contains(".B \\-\\-mode \\fIsoft|hard\\fR")
                .contains(".B \\-\\-bootstrap\\-server \\fI")
                .contains(".B \\-\\-output, \\-o \\fItable|json\\fR")
                .contains("sandbox pause 4 \\-\\-for 10s\n\\&.starts with a dot \\e and a backslash\n")
                .doesNotContain("__secret", "plumbing");
    }

    @Test
    void should_render_without_warnings_under_groff() throws Exception {
        Required.tool("groff", Files.isExecutable(Path.of("/usr/bin/groff")),
                "rendering the man page (apt-get install groff)");
        Process p = new ProcessBuilder("/usr/bin/groff", "-man", "-Tutf8", "-ww", "-z").start();
        p.getOutputStream().write(page().getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String warnings = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(warnings).isEmpty();
        assertThat(p.exitValue()).isZero();
    }
}
