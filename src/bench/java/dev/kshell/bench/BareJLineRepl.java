package dev.kshell.bench;

import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The floor for scripts/bench-startup: the smallest useful JLine 3 REPL (system terminal, line reader, a prompt,
 * echo). With {@code --once} it prints one line and exits, the floor of a one-shot command.
 */
public final class BareJLineRepl {

    private BareJLineRepl() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--once")) {
            System.out.println("ok");
            return;
        }
        try (Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build()) {
            LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("bare").build();
            while (true) {
                String line;
                try {
                    line = reader.readLine("bare> ");
                } catch (UserInterruptException e) {
                    continue;
                } catch (EndOfFileException e) {
                    return;
                }
                if (line.strip().equals("exit")) {
                    return;
                }
                terminal.writer().println(line);
            }
        }
    }
}
