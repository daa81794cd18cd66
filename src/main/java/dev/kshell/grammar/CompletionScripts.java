package dev.kshell.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The bash and zsh completion scripts that {@code kshell completion bash|zsh} prints (completions/ holds that
 * output). They are generated from the launcher's option declarations: an option that takes a value has its value
 * stepped over (so {@code kshell --zookeeper zk:2181 <TAB>} completes command names), the options in
 * {@link Launcher#passedOn()} are handed on to kshell's hidden {@code __complete} command (live names come from the
 * cluster named on the line), and an option's value completes by its kind (a choice's values, files, profiles).
 * Everything after the launcher's options (command names, their options and values) comes from {@code __complete},
 * that is from the same declarations as completion in the shell.
 */
public final class CompletionScripts {

    /** The shells there is a script for, as {@code kshell completion SHELL} names them. */
    public static final List<String> SHELLS = List.of("bash", "zsh");

    /**
     * The launcher as the scripts see it.
     *
     * @param options  the launcher's options, in the order they are offered
     * @param passedOn the options handed on to {@code __complete} (they name the cluster whose names to offer)
     */
    public record Launcher(List<OptionSpec> options, List<OptionSpec> passedOn) {
        public Launcher {
            options = List.copyOf(options);
            passedOn = List.copyOf(passedOn);
            if (!options.containsAll(passedOn)) {
                throw new IllegalArgumentException("every option passed on to completion must be a launcher option");
            }
        }
    }

    /**
     * kshell's launcher: its declared options ({@link GlobalOptions#LAUNCHER}); the connection options and the
     * deadline are handed on to {@code __complete}, so that live names come from the cluster named on the line.
     */
    public static final Launcher KSHELL = new Launcher(GlobalOptions.LAUNCHER.options(),
            Stream.concat(GlobalOptions.CONNECTION.stream(), Stream.of(
                    GlobalOptions.TIMEOUT.spec())).toList());

    private CompletionScripts() {
    }

    /** The script for {@code shell} ("bash" or "zsh"). */
    public static String forShell(String shell, Launcher launcher) {
        return switch (shell.toLowerCase(Locale.ROOT)) {
            case "bash" -> bash(launcher);
            case "zsh" -> zsh(launcher);
            default -> throw new GrammarException("no completion for shell '" + shell + "': choose bash or zsh");
        };
    }

    public static String bash(Launcher launcher) {
        return render(BASH_DIALECT, launcher);
    }

    public static String zsh(Launcher launcher) {
        return render(ZSH_DIALECT, launcher);
    }

    /**
     * What differs between the shells: the script around the generated parts, and each action in the shell's words.
     *
     * @param choice %s is the option's values, separated by spaces
     */
    private record Dialect(String script, String choice, String profiles, String files, String directories,
                           String freeValue, String passTwoWords, String passOneWord) {
    }

    private static final Dialect BASH_DIALECT = new Dialect(CompletionScripts.BASH,
            "mapfile -t cands < <(compgen -W \"%s\" -- \"$cur\") ;;",
            "mapfile -t cands < <(\"$bin\" __complete -- connect \"$cur\" 2>/dev/null) ;;",
            "mapfile -t cands < <(compgen -f -- \"$cur\") ;;",
            "mapfile -t cands < <(compgen -d -- \"$cur\") ;;",
            ";;",
            "conn+=(\"${words[i]}\" \"${words[i+1]}\"); (( i += 2 )) ;;",
            "conn+=(\"${words[i]}\"); (( i += 1 )) ;;");

    private static final Dialect ZSH_DIALECT = new Dialect(CompletionScripts.ZSH,
            "compadd -- %s; return ;;",
            "cands=(\"${(@f)$($bin __complete -- connect \"$cur\" 2>/dev/null)}\") ;;",
            "_files; return ;;",
            "_files -/; return ;;",
            "return ;;",
            "conn+=(${words[i]} ${words[i+1]}); (( i += 2 )) ;;",
            "conn+=(${words[i]}); (( i += 1 )) ;;");

    private static String render(Dialect d, Launcher launcher) {
        Words w = new Words(launcher);
        StringBuilder valueCases = new StringBuilder();
        for (OptionSpec o : w.choices) {
            appendCase(valueCases, w.forms(o), String.format(d.choice(), String.join(" ", o.choices())));
        }
        appendCase(valueCases, w.of(w.profiles), d.profiles());
        appendCase(valueCases, w.of(w.files), d.files());
        appendCase(valueCases, w.of(w.directories), d.directories());
        appendCase(valueCases, w.of(w.freeValues), d.freeValue());
        StringBuilder walk = new StringBuilder();
        appendArm(walk, w.of(w.passedOnWithValue), d.passTwoWords());
        appendArm(walk, w.passedOnOneWord(), d.passOneWord());
        appendCase(walk, w.of(w.otherWithValue), "(( i += 2 )) ;;");
        return d.script().replace("@OPTIONS@", w.longNames()).replace("@WALK@\n", walk)
                .replace("@VALUE_CASES@\n", valueCases.toString());
    }

    /** One {@code case} arm, {@code pattern) action}; none if no option has that treatment. */
    private static void appendCase(StringBuilder out, String pattern, String action) {
        if (!pattern.isEmpty()) {
            out.append("      ").append(pattern).append(") ").append(action).append('\n');
        }
    }

    /** A walk's arm whose action goes on the next line. */
    private static void appendArm(StringBuilder out, String pattern, String action) {
        if (!pattern.isEmpty()) {
            out.append("      ").append(pattern).append(")\n        ").append(action).append('\n');
        }
    }

    /** The launcher's options sorted by what the scripts do with them. */
    private static final class Words {
        final Launcher launcher;
        final List<OptionSpec> passedOnWithValue;
        final List<OptionSpec> otherWithValue;
        final List<OptionSpec> choices;
        final List<OptionSpec> profiles;
        final List<OptionSpec> files;
        final List<OptionSpec> directories;
        final List<OptionSpec> freeValues;

        Words(Launcher launcher) {
            this.launcher = launcher;
            passedOnWithValue = select(o -> o.takesValue() && launcher.passedOn().contains(o));
            otherWithValue = select(o -> o.takesValue() && !launcher.passedOn().contains(o));
            choices = select(o -> o.kind() == ArgKind.CHOICE);
            profiles = select(o -> o.kind() == ArgKind.PROFILE);
            files = select(o -> switch (o.kind()) {
                case FILE, KSH_FILE, PROPERTIES_FILE -> true;
                default -> false;
            });
            directories = select(o -> o.kind() == ArgKind.DIRECTORY);
            List<OptionSpec> named = new ArrayList<>(choices);
            named.addAll(profiles);
            named.addAll(files);
            named.addAll(directories);
            freeValues = select(o -> o.takesValue() && !named.contains(o));
        }

        private List<OptionSpec> select(Predicate<OptionSpec> which) {
            return launcher.options().stream().filter(which).toList();
        }

        /** {@code --name|-n}: every word that names the option. */
        String forms(OptionSpec o) {
            return "--" + o.name() + (o.shortName() != 0 ? "|-" + o.shortName() : "");
        }

        /** A case pattern naming every option of {@code options}. */
        String of(List<OptionSpec> options) {
            return String.join("|", options.stream().map(this::forms).toList());
        }

        /** Passed-on options given as one word: {@code --name=value}, or a flag. */
        String passedOnOneWord() {
            return String.join("|", launcher.passedOn().stream()
                    .map(o -> o.takesValue() ? "--" + o.name() + "=*" : forms(o)).toList());
        }

        String longNames() {
            return String.join(" ", launcher.options().stream().map(o -> "--" + o.name()).toList());
        }
    }

    private static final String BASH = """
            # bash completion for kshell (one-shot mode from your own shell), as `kshell completion bash` prints it.
            #   source <(kshell completion bash)                       # in ~/.bashrc
            #   source /path/to/kshell/completions/kshell.bash          # the same script, without starting kshell
            # Completes launcher options, command names, options and values; live names (topics, partitions, broker ids)
            # come from the cluster named on the line, through kshell's hidden `__complete` command, with a 3 s deadline.
            # Generated from kshell's declarations (grammar/CompletionScripts.java): do not edit by hand.

            _kshell_launcher_options="@OPTIONS@"

            _kshell() {
              local bin line cur i
              bin="${COMP_WORDS[0]}"
              [[ "$bin" == "~/"* ]] && bin="$HOME/${bin#\\~/}"
              # Re-split the line ourselves: COMP_WORDS breaks host:port and --opt=value apart at ':' and '='.
              line="${COMP_LINE:0:COMP_POINT}"
              local -a words
              read -r -a words <<< "$line"
              if [[ "$line" == *[[:space:]] ]]; then
                cur=""
              else
                cur="${words[${#words[@]}-1]}"
                unset 'words[${#words[@]}-1]'
              fi
              # Launcher options come first; the ones naming a cluster are passed on so that names come from it.
              local -a conn=()
              i=1
              while (( i < ${#words[@]} )); do
                case "${words[i]}" in
            @WALK@
                  -*) (( i += 1 )) ;;
                  *) break ;;
                esac
              done
              local -a cands=()
              if (( i >= ${#words[@]} )); then
                # Still among the launcher options: an option, an option's value, or the command name.
                local prev="${words[${#words[@]}-1]}"
                case "$prev" in
            @VALUE_CASES@
                  *)
                    if [[ "$cur" == -* ]]; then
                      mapfile -t cands < <(compgen -W "$_kshell_launcher_options" -- "$cur")
                    else
                      mapfile -t cands < <("$bin" __complete -- "$cur" 2>/dev/null)
                    fi ;;
                esac
              else
                mapfile -t cands < <("$bin" "${conn[@]}" __complete -- "${words[@]:i}" "$cur" 2>/dev/null)
              fi
              # bash replaces only its own current word, which starts after the last ':' or '=': cut that much off.
              local bashcur="${COMP_WORDS[COMP_CWORD]}"
              [[ "$bashcur" == ":" || "$bashcur" == "=" ]] && bashcur=""
              local cut=$(( ${#cur} - ${#bashcur} ))
              COMPREPLY=()
              local c
              for c in "${cands[@]}"; do
                [[ -n "$c" ]] && COMPREPLY+=("${c:cut}")
              done
              # Directories and topic prefixes (large clusters: "orders-" then the number) take no space after them.
              if (( ${#COMPREPLY[@]} == 1 )) && [[ "${COMPREPLY[0]}" == */ || "${COMPREPLY[0]}" == *- ]]; then
                compopt -o nospace 2>/dev/null
              fi
              return 0
            }

            complete -F _kshell kshell scripts/kshell ./scripts/kshell bin/kshell ./bin/kshell
            """;

    private static final String ZSH = """
            #compdef kshell
            # zsh completion for kshell (one-shot mode from your own shell), as `kshell completion zsh` prints it.
            #   fpath=(/path/to/kshell/completions $fpath); autoload -Uz compinit && compinit     # in ~/.zshrc
            # or:  source <(kshell completion zsh)     or:  source /path/to/kshell/completions/_kshell
            # Live names (topics, partitions, broker ids) come from the cluster named on the line through kshell's
            # hidden `__complete` command (3 s deadline).
            # Generated from kshell's declarations (grammar/CompletionScripts.java): do not edit by hand.

            _kshell_launcher_options=(@OPTIONS@)

            _kshell() {
              local bin=${~words[1]}
              local -a conn cands full partial
              local i=2
              while (( i < CURRENT )); do
                case ${words[i]} in
            @WALK@
                  -*) (( i += 1 )) ;;
                  *) break ;;
                esac
              done
              local cur=${words[CURRENT]}
              if (( i >= CURRENT )); then
                # Still among the launcher options: an option, an option's value, or the command name.
                case ${words[CURRENT-1]} in
            @VALUE_CASES@
                  *)
                    if [[ $cur == -* ]]; then
                      compadd -- $_kshell_launcher_options
                      return
                    fi
                    cands=("${(@f)$($bin __complete -- "$cur" 2>/dev/null)}") ;;
                esac
              else
                cands=("${(@f)$($bin $conn __complete -- "${(@)words[i,CURRENT-1]}" "$cur" 2>/dev/null)}")
              fi
              local c
              for c in $cands; do
                [[ -z $c ]] && continue
                if [[ $c == */ || $c == *- ]]; then partial+=($c); else full+=($c); fi
              done
              (( ${#full} )) && compadd -- $full
              (( ${#partial} )) && compadd -S '' -- $partial
              return 0
            }

            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
              _kshell "$@"
            else
              compdef _kshell kshell scripts/kshell bin/kshell
            fi
            """;
}
