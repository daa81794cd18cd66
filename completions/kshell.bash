# bash completion for kshell (one-shot mode from your own shell), as `kshell completion bash` prints it.
#   source <(kshell completion bash)                       # in ~/.bashrc
#   source /path/to/kshell/completions/kshell.bash          # the same script, without starting kshell
# Completes launcher options, command names, options and values; live names (topics, partitions, broker ids)
# come from the cluster named on the line, through kshell's hidden `__complete` command, with a 3 s deadline.
# Generated from kshell's declarations (grammar/CompletionScripts.java): do not edit by hand.

_kshell_launcher_options="--bootstrap-server --bootstrap-controller --command-config --zookeeper --profile --sandbox --sandbox-dir --kafka --zookeeper-mode --static-quorum --output --no-color --timeout --yes --stacktrace --help --version"

_kshell() {
  local bin line cur i
  bin="${COMP_WORDS[0]}"
  [[ "$bin" == "~/"* ]] && bin="$HOME/${bin#\~/}"
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
      --bootstrap-server|--bootstrap-controller|--command-config|--zookeeper|--profile|--timeout)
        conn+=("${words[i]}" "${words[i+1]}"); (( i += 2 )) ;;
      --bootstrap-server=*|--bootstrap-controller=*|--command-config=*|--zookeeper=*|--profile=*|--timeout=*)
        conn+=("${words[i]}"); (( i += 1 )) ;;
      --sandbox-dir|--kafka|--output|-o) (( i += 2 )) ;;
      -*) (( i += 1 )) ;;
      *) break ;;
    esac
  done
  local -a cands=()
  if (( i >= ${#words[@]} )); then
    # Still among the launcher options: an option, an option's value, or the command name.
    local prev="${words[${#words[@]}-1]}"
    case "$prev" in
      --kafka) mapfile -t cands < <(compgen -W "4.4 3.9" -- "$cur") ;;
      --output|-o) mapfile -t cands < <(compgen -W "table json" -- "$cur") ;;
      --profile) mapfile -t cands < <("$bin" __complete -- connect "$cur" 2>/dev/null) ;;
      --command-config) mapfile -t cands < <(compgen -f -- "$cur") ;;
      --sandbox-dir) mapfile -t cands < <(compgen -d -- "$cur") ;;
      --bootstrap-server|--bootstrap-controller|--zookeeper|--timeout) ;;
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
