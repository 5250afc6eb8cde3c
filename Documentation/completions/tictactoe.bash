# bash completion for tictactoe (written by 'tictactoe completion bash')
_tictactoe() {
  local cur prev command= word i
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    case $word in
      replay|attach|check-frontend|completion|help) command=$word; break ;;
    esac
  done
  case $prev in
    --frontend) COMPREPLY=($(compgen -W 'ansi text jsonl web' -- "$cur") $(compgen -f -- "$cur")); return ;;
    --frontend-dir) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --auth-delay) COMPREPLY=(); return ;;
    --settle-timeout) COMPREPLY=(); return ;;
    --session) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --record) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --speed) COMPREPLY=(); return ;;
  esac
  if [[ $cur == -* ]]; then
    case $command in
      '') COMPREPLY=($(compgen -W '--frontend --frontend-dir --allow-unsafe-frontends --list-frontends --auth-delay --settle-timeout --listen --session --record -h --help --version' -- "$cur")) ;;
      replay) COMPREPLY=($(compgen -W '--frontend --frontend-dir --allow-unsafe-frontends --auth-delay --settle-timeout --listen --session --record --speed --step -h --help' -- "$cur")) ;;
      attach) COMPREPLY=($(compgen -W '--frontend --frontend-dir --allow-unsafe-frontends --settle-timeout -h --help' -- "$cur")) ;;
      check-frontend) COMPREPLY=($(compgen -W '--frontend-dir --allow-unsafe-frontends -h --help' -- "$cur")) ;;
      completion) COMPREPLY=($(compgen -W '-h --help' -- "$cur")) ;;
      help) COMPREPLY=($(compgen -W '-h --help' -- "$cur")) ;;
    esac
    return
  fi
  case $command in
    '') COMPREPLY=($(compgen -W 'replay attach check-frontend completion help' -- "$cur")) ;;
    replay) COMPREPLY=($(compgen -f -- "$cur")) ;;
    attach) COMPREPLY=($(compgen -f -- "$cur")) ;;
    check-frontend) COMPREPLY=($(compgen -W 'ansi text jsonl web' -- "$cur") $(compgen -f -- "$cur")) ;;
    completion) COMPREPLY=($(compgen -W 'bash zsh fish' -- "$cur")) ;;
    help) COMPREPLY=($(compgen -W 'replay attach check-frontend completion help' -- "$cur")) ;;
  esac
}
complete -F _tictactoe tictactoe
