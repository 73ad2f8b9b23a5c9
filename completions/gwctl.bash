# bash completion for gwctl.
# Generated from gwctl's command tree by 'gwctl completion bash'; do not edit by hand.
# Install:
#   gwctl completion bash > ~/.local/share/bash-completion/completions/gwctl
#   or, without the bash-completion package, in ~/.bashrc: source <(gwctl completion bash)
# Ids complete from a cache of what gwctl printed in the last 10 minutes (gwctl __complete);
# completing never makes a network call.

# The command path after a word: __gwctl_sub PATH WORD sets __gwctl_r.
__gwctl_sub() {
  case "$1|$2" in
    '|endpoints') __gwctl_r='endpoints' ;;
    '|presets') __gwctl_r='presets' ;;
    '|batches') __gwctl_r='batches' ;;
    '|interns') __gwctl_r='interns' ;;
    '|vault') __gwctl_r='vault' ;;
    '|byok') __gwctl_r='byok' ;;
    '|budgets') __gwctl_r='budgets' ;;
    '|tools') __gwctl_r='tools' ;;
    '|auth') __gwctl_r='auth' ;;
    '|config') __gwctl_r='config' ;;
    '|api') __gwctl_r='api' ;;
    '|completion') __gwctl_r='completion' ;;
    '|doctor') __gwctl_r='doctor' ;;
    '|mcp') __gwctl_r='mcp' ;;
    '|sandbox') __gwctl_r='sandbox' ;;
    '|version') __gwctl_r='version' ;;
    '|help') __gwctl_r='help' ;;
    'endpoints|get') __gwctl_r='endpoints get' ;;
    'presets|create') __gwctl_r='presets create' ;;
    'batches|delete') __gwctl_r='batches delete' ;;
    'batches|get') __gwctl_r='batches get' ;;
    'interns|get') __gwctl_r='interns get' ;;
    'interns|ls'|'interns|list') __gwctl_r='interns ls' ;;
    'interns|suspend') __gwctl_r='interns suspend' ;;
    'interns|wait') __gwctl_r='interns wait' ;;
    'vault|secrets') __gwctl_r='vault secrets' ;;
    'byok|ls'|'byok|list') __gwctl_r='byok ls' ;;
    'budgets|ls'|'budgets|list') __gwctl_r='budgets ls' ;;
    'tools|get') __gwctl_r='tools get' ;;
    'auth|login') __gwctl_r='auth login' ;;
    'auth|logout') __gwctl_r='auth logout' ;;
    'auth|status') __gwctl_r='auth status' ;;
    'auth|token') __gwctl_r='auth token' ;;
    'config|get') __gwctl_r='config get' ;;
    'config|list') __gwctl_r='config list' ;;
    'config|path') __gwctl_r='config path' ;;
    'config|profiles') __gwctl_r='config profiles' ;;
    'config|set') __gwctl_r='config set' ;;
    'config|unset') __gwctl_r='config unset' ;;
    'help|endpoints') __gwctl_r='help endpoints' ;;
    'help|presets') __gwctl_r='help presets' ;;
    'help|batches') __gwctl_r='help batches' ;;
    'help|interns') __gwctl_r='help interns' ;;
    'help|vault') __gwctl_r='help vault' ;;
    'help|byok') __gwctl_r='help byok' ;;
    'help|budgets') __gwctl_r='help budgets' ;;
    'help|tools') __gwctl_r='help tools' ;;
    'help|auth') __gwctl_r='help auth' ;;
    'help|config') __gwctl_r='help config' ;;
    'help|api') __gwctl_r='help api' ;;
    'help|completion') __gwctl_r='help completion' ;;
    'help|doctor') __gwctl_r='help doctor' ;;
    'help|mcp') __gwctl_r='help mcp' ;;
    'help|sandbox') __gwctl_r='help sandbox' ;;
    'help|version') __gwctl_r='help version' ;;
    'help|exit-codes') __gwctl_r='help exit-codes' ;;
    'help|formatting') __gwctl_r='help formatting' ;;
    'help endpoints|get') __gwctl_r='help endpoints get' ;;
    'help presets|create') __gwctl_r='help presets create' ;;
    'help batches|delete') __gwctl_r='help batches delete' ;;
    'help batches|get') __gwctl_r='help batches get' ;;
    'help interns|get') __gwctl_r='help interns get' ;;
    'help interns|ls'|'help interns|list') __gwctl_r='help interns ls' ;;
    'help interns|suspend') __gwctl_r='help interns suspend' ;;
    'help interns|wait') __gwctl_r='help interns wait' ;;
    'help vault|secrets') __gwctl_r='help vault secrets' ;;
    'help byok|ls'|'help byok|list') __gwctl_r='help byok ls' ;;
    'help budgets|ls'|'help budgets|list') __gwctl_r='help budgets ls' ;;
    'help tools|get') __gwctl_r='help tools get' ;;
    'help auth|login') __gwctl_r='help auth login' ;;
    'help auth|logout') __gwctl_r='help auth logout' ;;
    'help auth|status') __gwctl_r='help auth status' ;;
    'help auth|token') __gwctl_r='help auth token' ;;
    'help config|get') __gwctl_r='help config get' ;;
    'help config|list') __gwctl_r='help config list' ;;
    'help config|path') __gwctl_r='help config path' ;;
    'help config|profiles') __gwctl_r='help config profiles' ;;
    'help config|set') __gwctl_r='help config set' ;;
    'help config|unset') __gwctl_r='help config unset' ;;
    *) return 1 ;;
  esac
}

# Whether an option takes a value: __gwctl_takes_value PATH OPTION.
__gwctl_takes_value() {
  case $2 in
    --jq|-p|--profile|--base-url|--timeout|--retries) return 0 ;;
  esac
  case "$1|$2" in
    'endpoints get|--columns') return 0 ;;
    'presets create|--file') return 0 ;;
    'presets create|--model') return 0 ;;
    'presets create|--max-tokens') return 0 ;;
    'presets create|--temperature') return 0 ;;
    'presets create|--system') return 0 ;;
    'batches delete|--concurrency') return 0 ;;
    'batches delete|--columns') return 0 ;;
    'batches get|--interval') return 0 ;;
    'batches get|--timeout') return 0 ;;
    'batches get|--columns') return 0 ;;
    'interns get|--interval') return 0 ;;
    'interns get|--columns') return 0 ;;
    'interns ls|--status') return 0 ;;
    'interns ls|--workspace') return 0 ;;
    'interns ls|--limit') return 0 ;;
    'interns ls|--starting-after') return 0 ;;
    'interns ls|--interval') return 0 ;;
    'interns ls|--columns') return 0 ;;
    'interns suspend|--status') return 0 ;;
    'interns suspend|--workspace') return 0 ;;
    'interns suspend|--concurrency') return 0 ;;
    'interns suspend|--columns') return 0 ;;
    'interns wait|--status') return 0 ;;
    'interns wait|--workspace') return 0 ;;
    'interns wait|--for') return 0 ;;
    'interns wait|--timeout') return 0 ;;
    'interns wait|--interval') return 0 ;;
    'interns wait|--columns') return 0 ;;
    'vault secrets|--limit') return 0 ;;
    'vault secrets|--offset') return 0 ;;
    'vault secrets|--columns') return 0 ;;
    'byok ls|--workspace') return 0 ;;
    'byok ls|--provider') return 0 ;;
    'byok ls|--limit') return 0 ;;
    'byok ls|--offset') return 0 ;;
    'byok ls|--columns') return 0 ;;
    'budgets ls|--columns') return 0 ;;
    'tools get|--columns') return 0 ;;
    'config profiles|--columns') return 0 ;;
    'api|-X'|'api|--method') return 0 ;;
    'api|-f'|'api|--raw-field') return 0 ;;
    'api|-F'|'api|--field') return 0 ;;
    'api|-H'|'api|--header') return 0 ;;
    'api|--input') return 0 ;;
    'api|--key') return 0 ;;
    'mcp|--tools') return 0 ;;
    'mcp|--exclude-tools') return 0 ;;
    'mcp|--audit-log') return 0 ;;
    'mcp|--port') return 0 ;;
    'mcp|--client') return 0 ;;
    'sandbox|--port') return 0 ;;
    'sandbox|--host') return 0 ;;
    'sandbox|--interns') return 0 ;;
    'sandbox|--fault') return 0 ;;
    'sandbox|--pace') return 0 ;;
    'sandbox|--churn') return 0 ;;
    'sandbox|--batch-rate-limit') return 0 ;;
    'sandbox|--rate-limit') return 0 ;;
  esac
  return 1
}

# Candidates for the value of an option: __gwctl_value PATH OPTION.
__gwctl_value() {
  case $2 in
    -p|--profile) __gwctl_dynamic profile ;;
  esac
  case "$1|$2" in
    'endpoints get|--columns') __gwctl_list 'id status model model_permaslug provider upstream_model_id base_url declared_zdr declared_region prompt_price completion_price model_slug model_name provider_name provider_slug' ;;
    'presets create|--file') __gwctl_files ;;
    'batches delete|--columns') __gwctl_list 'id result exit_code status expected reason' ;;
    'batches get|--columns') __gwctl_list 'id status error model endpoint provider request_counts created_at finalized_at expires_at cost usage results completed failed total progress object completion_window' ;;
    'interns get|--columns') __gwctl_list 'id name status last_failure_message model hostname description instructions progress vault_id attached_vault_id workspace_id created_at updated_at' ;;
    'interns ls|--status') __gwctl_list 'awaiting_chat_install queued provisioning running failed stopped destroying destroy_failed' ;;
    'interns ls|--columns') __gwctl_list 'id name status model hostname created_at description instructions last_failure_message vault_id attached_vault_id workspace_id updated_at' ;;
    'interns suspend|--status') __gwctl_list 'awaiting_chat_install queued provisioning running failed stopped destroying destroy_failed' ;;
    'interns suspend|--columns') __gwctl_list 'id name result exit_code status expected reason' ;;
    'interns wait|--status') __gwctl_list 'awaiting_chat_install queued provisioning running failed stopped destroying destroy_failed' ;;
    'interns wait|--columns') __gwctl_list 'id name status' ;;
    'vault secrets|--columns') __gwctl_list 'name hosts fingerprint created_at' ;;
    'byok ls|--provider') __gwctl_words 'ai21 aion-labs akashml alibaba amazon-bedrock amazon-nova ambient anthropic arcee-ai atlas-cloud avian azure baidu baseten black-forest-labs byteplus cerebras chutes cirrascale clarifai cloudflare cohere coreweave crusoe darkbloom databricks decart deepgram deepinfra deepseek dekallm digitalocean featherless fireworks fish-audio friendli gmicloud google-ai-studio google-vertex groq heygen inception inceptron inferact-vllm inference-net infermatic inflection io-net ionstream krea liquid makora mancer mara meta minimax mistral modal modelrun modular moonshotai morph ncompass nebius nex-agi nextbit novita nvidia open-inference openai parasail perceptron perplexity phala poolside quiver recraft reka relace runway sail-research sakana sakana-ai sambanova seed siliconflow sourceful stepfun streamlake switchpoint tencent tenstorrent thinkingmachines together upstage venice wafer wandb wandb-legacy xai xiaomi z-ai' ;;
    'byok ls|--columns') __gwctl_list 'id provider name label flags sort_order restrictions created_at workspace_id disabled is_byok_only is_fallback is_required declared_zdr' ;;
    'budgets ls|--columns') __gwctl_list 'id reset_interval limit_usd include_byok_in_budgets workspace_id updated_at created_at' ;;
    'tools get|--columns') __gwctl_list 'id name status summary tool_description docs_url supported_api_formats aliases default_engine fallback_engine native_support' ;;
    'config profiles|--columns') __gwctl_list 'name current base_url workspace management_key api_key' ;;
    'api|--input') __gwctl_files ;;
    'mcp|--audit-log') __gwctl_files ;;
  esac
}

# Candidates for a positional argument: __gwctl_arg PATH INDEX.
__gwctl_arg() {
  case "$1|$2" in
    'batches delete|'*) __gwctl_dynamic batch ;;
    'batches get|0') __gwctl_dynamic batch ;;
    'interns get|0') __gwctl_dynamic intern ;;
    'interns suspend|'*) __gwctl_dynamic intern ;;
    'interns wait|'*) __gwctl_dynamic intern ;;
    'vault secrets|0') __gwctl_dynamic intern ;;
    'config get|0') __gwctl_words 'base-url workspace timeout retries management-key-command api-key-command ca-file' ;;
    'config set|0') __gwctl_words 'base-url workspace timeout retries management-key-command api-key-command ca-file' ;;
    'config unset|0') __gwctl_words 'base-url workspace timeout retries management-key-command api-key-command ca-file' ;;
    'api|0') __gwctl_words 'batches/ byok interns interns/ presets/ private-endpoints/ tools/ vault/interns/ workspaces/' ;;
    'completion|0') __gwctl_words 'bash zsh fish' ;;
  esac
}

# Subcommands and options of a path: __gwctl_names PATH sets __gwctl_cmds and __gwctl_opts.
__gwctl_names() {
  __gwctl_opts='--json --jq --jsonl --header --profile --base-url --sandbox --timeout --retries --no-color --no-input --debug'
  case $1 in
    '') __gwctl_cmds='endpoints presets batches interns vault byok budgets tools auth config api completion doctor mcp sandbox version help' __gwctl_opts='--version --help '$__gwctl_opts ;;
    'endpoints') __gwctl_cmds='get' __gwctl_opts='--help '$__gwctl_opts ;;
    'endpoints get') __gwctl_cmds='' __gwctl_opts='--columns --help '$__gwctl_opts ;;
    'presets') __gwctl_cmds='create' __gwctl_opts='--help '$__gwctl_opts ;;
    'presets create') __gwctl_cmds='' __gwctl_opts='--file --model --max-tokens --temperature --system --yes --dry-run --help '$__gwctl_opts ;;
    'batches') __gwctl_cmds='delete get' __gwctl_opts='--help '$__gwctl_opts ;;
    'batches delete') __gwctl_cmds='' __gwctl_opts='--yes --dry-run --strict --concurrency --columns --help '$__gwctl_opts ;;
    'batches get') __gwctl_cmds='' __gwctl_opts='--results --wait --watch --interval --timeout --columns --help '$__gwctl_opts ;;
    'interns') __gwctl_cmds='get ls suspend wait' __gwctl_opts='--help '$__gwctl_opts ;;
    'interns get') __gwctl_cmds='' __gwctl_opts='--watch --interval --columns --help '$__gwctl_opts ;;
    'interns ls') __gwctl_cmds='' __gwctl_opts='--status --workspace --limit --starting-after --all --watch --interval --columns --help '$__gwctl_opts ;;
    'interns suspend') __gwctl_cmds='' __gwctl_opts='--yes --status --workspace --dry-run --strict --concurrency --columns --help '$__gwctl_opts ;;
    'interns wait') __gwctl_cmds='' __gwctl_opts='--status --workspace --for --timeout --interval --columns --help '$__gwctl_opts ;;
    'vault') __gwctl_cmds='secrets' __gwctl_opts='--help '$__gwctl_opts ;;
    'vault secrets') __gwctl_cmds='' __gwctl_opts='--limit --offset --all --columns --help '$__gwctl_opts ;;
    'byok') __gwctl_cmds='ls' __gwctl_opts='--help '$__gwctl_opts ;;
    'byok ls') __gwctl_cmds='' __gwctl_opts='--workspace --provider --limit --offset --all --columns --help '$__gwctl_opts ;;
    'budgets') __gwctl_cmds='ls' __gwctl_opts='--help '$__gwctl_opts ;;
    'budgets ls') __gwctl_cmds='' __gwctl_opts='--columns --help '$__gwctl_opts ;;
    'tools') __gwctl_cmds='get' __gwctl_opts='--help '$__gwctl_opts ;;
    'tools get') __gwctl_cmds='' __gwctl_opts='--columns --help '$__gwctl_opts ;;
    'auth') __gwctl_cmds='login logout status token' __gwctl_opts='--help '$__gwctl_opts ;;
    'auth login') __gwctl_cmds='' __gwctl_opts='--with-token --api-key --no-verify --insecure-storage --help '$__gwctl_opts ;;
    'auth logout') __gwctl_cmds='' __gwctl_opts='--api-key --help '$__gwctl_opts ;;
    'auth status') __gwctl_cmds='' __gwctl_opts='--offline --help '$__gwctl_opts ;;
    'auth token') __gwctl_cmds='' __gwctl_opts='--api-key --help '$__gwctl_opts ;;
    'config') __gwctl_cmds='get list path profiles set unset' __gwctl_opts='--help '$__gwctl_opts ;;
    'config get') __gwctl_cmds='' __gwctl_opts='--help '$__gwctl_opts ;;
    'config list') __gwctl_cmds='' __gwctl_opts='--help '$__gwctl_opts ;;
    'config path') __gwctl_cmds='' __gwctl_opts='--help '$__gwctl_opts ;;
    'config profiles') __gwctl_cmds='' __gwctl_opts='--columns --help '$__gwctl_opts ;;
    'config set') __gwctl_cmds='' __gwctl_opts='--help '$__gwctl_opts ;;
    'config unset') __gwctl_cmds='' __gwctl_opts='--help '$__gwctl_opts ;;
    'api') __gwctl_cmds='' __gwctl_opts='--method --raw-field --field --header --input --paginate --slurp --include --silent --dry-run --key --yes --help '$__gwctl_opts ;;
    'completion') __gwctl_cmds='' __gwctl_opts='--help '$__gwctl_opts ;;
    'doctor') __gwctl_cmds='' __gwctl_opts='--help '$__gwctl_opts ;;
    'mcp') __gwctl_cmds='' __gwctl_opts='--allow-destructive --no-confirm --tools --exclude-tools --audit-log --http --port --client --help '$__gwctl_opts ;;
    'sandbox') __gwctl_cmds='' __gwctl_opts='--port --host --interns --fault --pace --churn --batch-rate-limit --rate-limit --help '$__gwctl_opts ;;
    'version') __gwctl_cmds='' __gwctl_opts='--help '$__gwctl_opts ;;
    'help') __gwctl_cmds='endpoints presets batches interns vault byok budgets tools auth config api completion doctor mcp sandbox version exit-codes formatting' ;;
    'help endpoints') __gwctl_cmds='get' ;;
    'help endpoints get') __gwctl_cmds='' ;;
    'help presets') __gwctl_cmds='create' ;;
    'help presets create') __gwctl_cmds='' ;;
    'help batches') __gwctl_cmds='delete get' ;;
    'help batches delete') __gwctl_cmds='' ;;
    'help batches get') __gwctl_cmds='' ;;
    'help interns') __gwctl_cmds='get ls suspend wait' ;;
    'help interns get') __gwctl_cmds='' ;;
    'help interns ls') __gwctl_cmds='' ;;
    'help interns suspend') __gwctl_cmds='' ;;
    'help interns wait') __gwctl_cmds='' ;;
    'help vault') __gwctl_cmds='secrets' ;;
    'help vault secrets') __gwctl_cmds='' ;;
    'help byok') __gwctl_cmds='ls' ;;
    'help byok ls') __gwctl_cmds='' ;;
    'help budgets') __gwctl_cmds='ls' ;;
    'help budgets ls') __gwctl_cmds='' ;;
    'help tools') __gwctl_cmds='get' ;;
    'help tools get') __gwctl_cmds='' ;;
    'help auth') __gwctl_cmds='login logout status token' ;;
    'help auth login') __gwctl_cmds='' ;;
    'help auth logout') __gwctl_cmds='' ;;
    'help auth status') __gwctl_cmds='' ;;
    'help auth token') __gwctl_cmds='' ;;
    'help config') __gwctl_cmds='get list path profiles set unset' ;;
    'help config get') __gwctl_cmds='' ;;
    'help config list') __gwctl_cmds='' ;;
    'help config path') __gwctl_cmds='' ;;
    'help config profiles') __gwctl_cmds='' ;;
    'help config set') __gwctl_cmds='' ;;
    'help config unset') __gwctl_cmds='' ;;
    'help api') __gwctl_cmds='' ;;
    'help completion') __gwctl_cmds='' ;;
    'help doctor') __gwctl_cmds='' ;;
    'help mcp') __gwctl_cmds='' ;;
    'help sandbox') __gwctl_cmds='' ;;
    'help version') __gwctl_cmds='' ;;
    'help exit-codes') __gwctl_cmds='' ;;
    'help formatting') __gwctl_cmds='' ;;
  esac
}

__gwctl_words() {
  local IFS=$' \t\n'
  COMPREPLY=($(compgen -W "$1" -- "$cur"))
}

# A comma-separated list: completes the value after the last comma, keeping what stands before it,
# and adds no space after it, so that the list can go on with a comma.
__gwctl_list() {
  local IFS=$' \t\n' prefix=
  [[ $cur == *,* ]] && prefix=${cur%,*},
  COMPREPLY=($(compgen -P "$prefix" -W "$1" -- "${cur##*,}"))
  compopt -o nospace 2>/dev/null
}

# Profiles and recently listed ids, from local files only (gwctl __complete never uses the network).
# An id comes with its name after a tab, which bash cannot show beside it: the id is kept alone.
__gwctl_dynamic() {
  local IFS=$'\n' gw=${COMP_WORDS[0]} found line
  local -a ids=()
  [[ $gw == \~/* ]] && gw=$HOME/${gw#\~/}
  found=$("$gw" __complete "$1" 2>/dev/null) || return 0
  for line in $found; do ids+=("${line%%$'\t'*}"); done
  COMPREPLY=($(compgen -W "${ids[*]}" -- "$cur"))
}

__gwctl_files() {
  local IFS=$'\n'
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen -f -- "$cur"))
}

_gwctl() {
  local cur=${COMP_WORDS[COMP_CWORD]} path= w want= nargs=0 ended= i __gwctl_r __gwctl_cmds __gwctl_opts
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=${COMP_WORDS[i]}
    if [[ -n $want ]]; then
      # bash splits --opt=value into --opt, =, value.
      [[ $w == = ]] && continue
      want=
      continue
    fi
    if [[ -z $ended ]]; then
      case $w in
        --) ended=1; continue ;;
        -*=*) continue ;;
        -*) __gwctl_takes_value "$path" "$w" && want=$w; continue ;;
      esac
    fi
    if [[ -z $ended ]] && __gwctl_sub "$path" "$w"; then
      path=$__gwctl_r
      nargs=0
    else
      nargs=$((nargs + 1))
    fi
  done
  if [[ -n $want ]]; then
    [[ $cur == = ]] && cur=
    __gwctl_value "$path" "$want"
    return 0
  fi
  if [[ -z $ended && $cur == --*=* ]]; then
    w=${cur%%=*}
    cur=${cur#*=}
    # Only when COMP_WORDBREAKS lacks '=': the word replaced is the whole --opt=value.
    __gwctl_takes_value "$path" "$w" && __gwctl_value "$path" "$w"
    ((${#COMPREPLY[@]})) && COMPREPLY=("${COMPREPLY[@]/#/$w=}")
    return 0
  fi
  __gwctl_names "$path"
  if [[ -z $ended && $cur == -* ]]; then
    __gwctl_words "$__gwctl_opts"
  elif [[ -n $__gwctl_cmds ]]; then
    __gwctl_words "$__gwctl_cmds"
  else
    __gwctl_arg "$path" "$nargs"
  fi
  return 0
}

complete -F _gwctl gwctl
