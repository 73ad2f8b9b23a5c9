# fish completion for gwctl.
# Generated from gwctl's command tree by 'gwctl completion fish'; do not edit by hand.
# Install:
#   gwctl completion fish > ~/.config/fish/completions/gwctl.fish
#   or, for the current shell: gwctl completion fish | source
# Ids complete from a cache of what gwctl printed in the last 10 minutes (gwctl __complete);
# completing never makes a network call.

# The command path after a word: __gwctl_sub PATH WORD prints it.
function __gwctl_sub --argument-names cmdpath word
    switch "$cmdpath|$word"
        case '|endpoints'
            echo 'endpoints'
        case '|presets'
            echo 'presets'
        case '|batches'
            echo 'batches'
        case '|interns'
            echo 'interns'
        case '|vault'
            echo 'vault'
        case '|byok'
            echo 'byok'
        case '|budgets'
            echo 'budgets'
        case '|tools'
            echo 'tools'
        case '|auth'
            echo 'auth'
        case '|config'
            echo 'config'
        case '|api'
            echo 'api'
        case '|completion'
            echo 'completion'
        case '|doctor'
            echo 'doctor'
        case '|mcp'
            echo 'mcp'
        case '|sandbox'
            echo 'sandbox'
        case '|version'
            echo 'version'
        case '|help'
            echo 'help'
        case 'endpoints|get'
            echo 'endpoints get'
        case 'presets|create'
            echo 'presets create'
        case 'batches|delete'
            echo 'batches delete'
        case 'batches|get'
            echo 'batches get'
        case 'interns|get'
            echo 'interns get'
        case 'interns|ls' 'interns|list'
            echo 'interns ls'
        case 'interns|suspend'
            echo 'interns suspend'
        case 'interns|wait'
            echo 'interns wait'
        case 'vault|secrets'
            echo 'vault secrets'
        case 'byok|ls' 'byok|list'
            echo 'byok ls'
        case 'budgets|ls' 'budgets|list'
            echo 'budgets ls'
        case 'tools|get'
            echo 'tools get'
        case 'auth|login'
            echo 'auth login'
        case 'auth|logout'
            echo 'auth logout'
        case 'auth|status'
            echo 'auth status'
        case 'auth|token'
            echo 'auth token'
        case 'config|get'
            echo 'config get'
        case 'config|list'
            echo 'config list'
        case 'config|path'
            echo 'config path'
        case 'config|profiles'
            echo 'config profiles'
        case 'config|set'
            echo 'config set'
        case 'config|unset'
            echo 'config unset'
        case 'help|endpoints'
            echo 'help endpoints'
        case 'help|presets'
            echo 'help presets'
        case 'help|batches'
            echo 'help batches'
        case 'help|interns'
            echo 'help interns'
        case 'help|vault'
            echo 'help vault'
        case 'help|byok'
            echo 'help byok'
        case 'help|budgets'
            echo 'help budgets'
        case 'help|tools'
            echo 'help tools'
        case 'help|auth'
            echo 'help auth'
        case 'help|config'
            echo 'help config'
        case 'help|api'
            echo 'help api'
        case 'help|completion'
            echo 'help completion'
        case 'help|doctor'
            echo 'help doctor'
        case 'help|mcp'
            echo 'help mcp'
        case 'help|sandbox'
            echo 'help sandbox'
        case 'help|version'
            echo 'help version'
        case 'help|exit-codes'
            echo 'help exit-codes'
        case 'help|formatting'
            echo 'help formatting'
        case 'help endpoints|get'
            echo 'help endpoints get'
        case 'help presets|create'
            echo 'help presets create'
        case 'help batches|delete'
            echo 'help batches delete'
        case 'help batches|get'
            echo 'help batches get'
        case 'help interns|get'
            echo 'help interns get'
        case 'help interns|ls' 'help interns|list'
            echo 'help interns ls'
        case 'help interns|suspend'
            echo 'help interns suspend'
        case 'help interns|wait'
            echo 'help interns wait'
        case 'help vault|secrets'
            echo 'help vault secrets'
        case 'help byok|ls' 'help byok|list'
            echo 'help byok ls'
        case 'help budgets|ls' 'help budgets|list'
            echo 'help budgets ls'
        case 'help tools|get'
            echo 'help tools get'
        case 'help auth|login'
            echo 'help auth login'
        case 'help auth|logout'
            echo 'help auth logout'
        case 'help auth|status'
            echo 'help auth status'
        case 'help auth|token'
            echo 'help auth token'
        case 'help config|get'
            echo 'help config get'
        case 'help config|list'
            echo 'help config list'
        case 'help config|path'
            echo 'help config path'
        case 'help config|profiles'
            echo 'help config profiles'
        case 'help config|set'
            echo 'help config set'
        case 'help config|unset'
            echo 'help config unset'
        case '*'
            return 1
    end
end

# Whether an option takes a value: __gwctl_takes_value PATH OPTION.
function __gwctl_takes_value --argument-names cmdpath opt
    switch $opt
        case --jq -p --profile --base-url --timeout --retries
            return 0
    end
    switch "$cmdpath|$opt"
        case 'endpoints get|--columns'
            return 0
        case 'presets create|--file'
            return 0
        case 'presets create|--model'
            return 0
        case 'presets create|--max-tokens'
            return 0
        case 'presets create|--temperature'
            return 0
        case 'presets create|--system'
            return 0
        case 'batches delete|--concurrency'
            return 0
        case 'batches delete|--columns'
            return 0
        case 'batches get|--interval'
            return 0
        case 'batches get|--timeout'
            return 0
        case 'batches get|--columns'
            return 0
        case 'interns get|--interval'
            return 0
        case 'interns get|--columns'
            return 0
        case 'interns ls|--status'
            return 0
        case 'interns ls|--workspace'
            return 0
        case 'interns ls|--limit'
            return 0
        case 'interns ls|--starting-after'
            return 0
        case 'interns ls|--interval'
            return 0
        case 'interns ls|--columns'
            return 0
        case 'interns suspend|--status'
            return 0
        case 'interns suspend|--workspace'
            return 0
        case 'interns suspend|--concurrency'
            return 0
        case 'interns suspend|--columns'
            return 0
        case 'interns wait|--status'
            return 0
        case 'interns wait|--workspace'
            return 0
        case 'interns wait|--for'
            return 0
        case 'interns wait|--timeout'
            return 0
        case 'interns wait|--interval'
            return 0
        case 'interns wait|--columns'
            return 0
        case 'vault secrets|--limit'
            return 0
        case 'vault secrets|--offset'
            return 0
        case 'vault secrets|--columns'
            return 0
        case 'byok ls|--workspace'
            return 0
        case 'byok ls|--provider'
            return 0
        case 'byok ls|--limit'
            return 0
        case 'byok ls|--offset'
            return 0
        case 'byok ls|--columns'
            return 0
        case 'budgets ls|--columns'
            return 0
        case 'tools get|--columns'
            return 0
        case 'config profiles|--columns'
            return 0
        case 'api|-X' 'api|--method'
            return 0
        case 'api|-f' 'api|--raw-field'
            return 0
        case 'api|-F' 'api|--field'
            return 0
        case 'api|-H' 'api|--header'
            return 0
        case 'api|--input'
            return 0
        case 'api|--key'
            return 0
        case 'mcp|--tools'
            return 0
        case 'mcp|--exclude-tools'
            return 0
        case 'mcp|--audit-log'
            return 0
        case 'mcp|--port'
            return 0
        case 'mcp|--client'
            return 0
        case 'sandbox|--port'
            return 0
        case 'sandbox|--host'
            return 0
        case 'sandbox|--interns'
            return 0
        case 'sandbox|--fault'
            return 0
        case 'sandbox|--pace'
            return 0
        case 'sandbox|--churn'
            return 0
        case 'sandbox|--batch-rate-limit'
            return 0
        case 'sandbox|--rate-limit'
            return 0
    end
    return 1
end

# "PATH|N": the command path the words before the cursor name, and how many positional
# arguments follow it. Remembered for the line being completed.
function __gwctl_state
    set -l tokens (commandline -opc)
    set -l line (string join \n -- $tokens)
    if set -q __gwctl_state_line; and test "$__gwctl_state_line" = "$line"
        echo $__gwctl_state_value
        return
    end
    set -l cmdpath ''
    set -l want 0
    set -l ended 0
    set -l nargs 0
    for w in $tokens[2..-1]
        if test $want = 1
            set want 0
            continue
        end
        if test $ended = 0
            switch $w
                case --
                    set ended 1
                    continue
                case '-*=*'
                    continue
                case '-*'
                    __gwctl_takes_value "$cmdpath" $w; and set want 1
                    continue
            end
        end
        set -l next
        if test $ended = 0; and set next (__gwctl_sub "$cmdpath" $w)
            set cmdpath $next
            set nargs 0
        else
            set nargs (math $nargs + 1)
        end
    end
    set -g __gwctl_state_line $line
    set -g __gwctl_state_value "$cmdpath|$nargs"
    echo $__gwctl_state_value
end

# Whether the words before the cursor name exactly this command path.
function __gwctl_is --argument-names cmdpath
    string match -q -- "$cmdpath|*" (__gwctl_state)
end

# Whether the cursor is on positional argument N of this command path.
# N+ stands for position N and every one after it (an argument taking every remaining word).
function __gwctl_arg --argument-names cmdpath n
    set -l state (__gwctl_state)
    if string match -q -- '*+' $n
        set -l at (string split -m1 -r '|' -- $state)
        test (count $at) -eq 2; and test "$at[1]" = "$cmdpath"; and test "$at[2]" -ge (string trim -r -c + -- $n)
    else
        test "$state" = "$cmdpath|$n"
    end
end

# A comma-separated list: each value, after what stands before the last comma.
function __gwctl_list
    set -l token (commandline -ct | string replace -r -- '^--[^=]*=' '')
    set -l prefix (string match -r -- '^.*,' $token)
    for value in $argv
        echo "$prefix$value"
    end
end

# Profiles and recently listed ids, from local files only (gwctl __complete never uses the network).
function __gwctl_dynamic
    set -l gw (commandline -opc)[1]
    set gw (string replace -r -- '^~' $HOME $gw)
    $gw __complete $argv[1] 2>/dev/null
end

complete -c gwctl -f

# Options valid everywhere
complete -c gwctl -l json -d 'print the API\'s response body as JSON'
complete -c gwctl -l jq -x -d 'filter the JSON result with jq (implies --json); strings print raw'
complete -c gwctl -l jsonl -d 'JSON Lines: one item per line (streamed with --all); an object on one line'
complete -c gwctl -l header -d 'begin piped rows with a line of the column names'
complete -c gwctl -s p -l profile -x -a '(__gwctl_dynamic profile)' -d 'config profile'
complete -c gwctl -l base-url -x -d 'API base URL, carrying /v1'
complete -c gwctl -l sandbox -d 'run this command against an in-process sandbox API with demo keys'
complete -c gwctl -l timeout -x -d 'per request (30, 30s, 1m)'
complete -c gwctl -l retries -x -d 'extra attempts on a retryable failure'
complete -c gwctl -l no-color -d 'no colour, even on a terminal'
complete -c gwctl -l no-input -d 'never prompt'
complete -c gwctl -l debug -d 'show each HTTP exchange on stderr, keys redacted'

# gwctl
complete -c gwctl -n '__gwctl_is \'\'' -a 'endpoints' -d 'Private endpoints: customer-owned deployments with negotiated prices'
complete -c gwctl -n '__gwctl_is \'\'' -a 'presets' -d 'Presets: named, versioned request configuration'
complete -c gwctl -n '__gwctl_is \'\'' -a 'batches' -d 'Batches: asynchronous groups of chat-completion requests'
complete -c gwctl -n '__gwctl_is \'\'' -a 'interns' -d 'Interns: provisioned agent runtimes in a workspace'
complete -c gwctl -n '__gwctl_is \'\'' -a 'vault' -d 'Vault: metadata of an intern\'s host-bound secrets (never their values)'
complete -c gwctl -n '__gwctl_is \'\'' -a 'byok' -d 'Provider keys (BYOK) stored for upstream providers'
complete -c gwctl -n '__gwctl_is \'\'' -a 'budgets' -d 'Workspace budgets: spending limits'
complete -c gwctl -n '__gwctl_is \'\'' -a 'tools' -d 'Server tools the service runs for a model'
complete -c gwctl -n '__gwctl_is \'\'' -a 'auth' -d 'Store, remove and show credentials'
complete -c gwctl -n '__gwctl_is \'\'' -a 'config' -d 'Profile settings'
complete -c gwctl -n '__gwctl_is \'\'' -a 'api' -d 'Send a request to any route of the gateway API, with the profile\'s key, retries and safety'
complete -c gwctl -n '__gwctl_is \'\'' -a 'completion' -d 'Print a shell completion script (bash, zsh or fish)'
complete -c gwctl -n '__gwctl_is \'\'' -a 'doctor' -d 'Check each step of the way to the gateway and say which one fails'
complete -c gwctl -n '__gwctl_is \'\'' -a 'mcp' -d 'Serve the gateway\'s operations as Model Context Protocol tools, for agents'
complete -c gwctl -n '__gwctl_is \'\'' -a 'sandbox' -d 'Serve the built-in sandbox API on loopback until interrupted'
complete -c gwctl -n '__gwctl_is \'\'' -a 'version' -d 'Print the version, the commit and build time, and what gwctl runs on'
complete -c gwctl -n '__gwctl_is \'\'' -a 'help' -d 'show help for a command, or a topic such as exit-codes'
complete -c gwctl -n '__gwctl_is \'\'' -s V -l version -d 'print the version'
complete -c gwctl -n '__gwctl_is \'\'' -s h -l help -d 'show help'

# gwctl endpoints
complete -c gwctl -n '__gwctl_is \'endpoints\'' -a 'get' -d 'Show a private endpoint and its negotiated prices'
complete -c gwctl -n '__gwctl_is \'endpoints\'' -s h -l help -d 'show help'

# gwctl endpoints get
complete -c gwctl -n '__gwctl_is \'endpoints get\'' -l columns -x -a '(__gwctl_list id status model model_permaslug provider upstream_model_id base_url declared_zdr declared_region prompt_price completion_price model_slug model_name provider_name provider_slug)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'endpoints get\'' -s h -l help -d 'show help'

# gwctl presets
complete -c gwctl -n '__gwctl_is \'presets\'' -a 'create' -d 'Create a preset from a messages-style request body, or a new version of an existing one'
complete -c gwctl -n '__gwctl_is \'presets\'' -s h -l help -d 'show help'

# gwctl presets create
complete -c gwctl -n '__gwctl_is \'presets create\'' -l file -r -F -d 'request body as JSON; - reads stdin'
complete -c gwctl -n '__gwctl_is \'presets create\'' -l model -x -d 'set model'
complete -c gwctl -n '__gwctl_is \'presets create\'' -l max-tokens -x -d 'set max_tokens (an integer)'
complete -c gwctl -n '__gwctl_is \'presets create\'' -l temperature -x -d 'set temperature (a number)'
complete -c gwctl -n '__gwctl_is \'presets create\'' -l system -x -d 'set the system prompt'
complete -c gwctl -n '__gwctl_is \'presets create\'' -s y -l yes -d 'create without asking at a terminal'
complete -c gwctl -n '__gwctl_is \'presets create\'' -l dry-run -d 'print the body that would be sent, and what the service ignores; send nothing'
complete -c gwctl -n '__gwctl_is \'presets create\'' -s h -l help -d 'show help'

# gwctl batches
complete -c gwctl -n '__gwctl_is \'batches\'' -a 'delete' -d 'Delete finished batches with their stored requests and results (not a cancellation)'
complete -c gwctl -n '__gwctl_is \'batches\'' -a 'get' -d 'Show a batch: status, counts, times, cost and usage'
complete -c gwctl -n '__gwctl_is \'batches\'' -s h -l help -d 'show help'

# gwctl batches delete
complete -c gwctl -n '__gwctl_is \'batches delete\'' -s y -l yes -d 'delete without asking'
complete -c gwctl -n '__gwctl_is \'batches delete\'' -l dry-run -d 'read each target and say what would happen to it; change nothing'
complete -c gwctl -n '__gwctl_is \'batches delete\'' -l strict -d 'with --dry-run: exit 8 when any target would fail'
complete -c gwctl -n '__gwctl_is \'batches delete\'' -l concurrency -x -d 'requests in flight at once, 1-16, or auto: start at 4 and adapt to how the server answers (default 4)'
complete -c gwctl -n '__gwctl_is \'batches delete\'' -l columns -x -a '(__gwctl_list id result exit_code status expected reason)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'batches delete\'' -s h -l help -d 'show help'
complete -c gwctl -n '__gwctl_arg \'batches delete\' 0+' -x -a '(__gwctl_dynamic batch)' -d 'batch ids, or - to read them from stdin'

# gwctl batches get
complete -c gwctl -n '__gwctl_is \'batches get\'' -l results -d 'also list the results (custom id, status code, finish reason, tokens, error type)'
complete -c gwctl -n '__gwctl_is \'batches get\'' -l wait -d 'poll until the batch ends, with a progress bar on a terminal'
complete -c gwctl -n '__gwctl_is \'batches get\'' -l watch -d 'keep polling and show what changes (added, modified, deleted) until Ctrl-C'
complete -c gwctl -n '__gwctl_is \'batches get\'' -l interval -x -d 'time between polls, at least 0.5s: with --wait (default 5s), with --watch (default 2s)'
complete -c gwctl -n '__gwctl_is \'batches get\'' -l timeout -x -d 'with --wait: give up after this long (90, 90s, 5m, 1h); else per request'
complete -c gwctl -n '__gwctl_is \'batches get\'' -l columns -x -a '(__gwctl_list id status error model endpoint provider request_counts created_at finalized_at expires_at cost usage results completed failed total progress object completion_window)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'batches get\'' -s h -l help -d 'show help'
complete -c gwctl -n '__gwctl_arg \'batches get\' 0' -x -a '(__gwctl_dynamic batch)' -d 'batch id, as returned when the batch was submitted'

# gwctl interns
complete -c gwctl -n '__gwctl_is \'interns\'' -a 'get' -d 'Show every field of an intern (on a terminal, pick one when the id is left out)'
complete -c gwctl -n '__gwctl_is \'interns\'' -a 'ls' -d 'List interns, newest first'
complete -c gwctl -n '__gwctl_is \'interns\'' -a 'suspend' -d 'Suspend interns: stop their runtime, keep their disk and configuration'
complete -c gwctl -n '__gwctl_is \'interns\'' -a 'wait' -d 'Wait until interns reach a state (or are deleted)'
complete -c gwctl -n '__gwctl_is \'interns\'' -s h -l help -d 'show help'

# gwctl interns get
complete -c gwctl -n '__gwctl_is \'interns get\'' -l watch -d 'keep polling and show what changes (added, modified, deleted) until Ctrl-C'
complete -c gwctl -n '__gwctl_is \'interns get\'' -l interval -x -d 'with --watch: time between polls (default 2s, at least 0.5s)'
complete -c gwctl -n '__gwctl_is \'interns get\'' -l columns -x -a '(__gwctl_list id name status last_failure_message model hostname description instructions progress vault_id attached_vault_id workspace_id created_at updated_at)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'interns get\'' -s h -l help -d 'show help'
complete -c gwctl -n '__gwctl_arg \'interns get\' 0' -x -a '(__gwctl_dynamic intern)' -d 'intern id'

# gwctl interns ls
complete -c gwctl -n '__gwctl_is \'interns ls\'' -l status -x -a '(__gwctl_list awaiting_chat_install queued provisioning running failed stopped destroying destroy_failed)' -d 'comma-separated statuses, at most 8'
complete -c gwctl -n '__gwctl_is \'interns ls\'' -l workspace -x -d 'workspace filter; must be the key\'s workspace'
complete -c gwctl -n '__gwctl_is \'interns ls\'' -l limit -x -d 'page size, 1-500 (API default 50)'
complete -c gwctl -n '__gwctl_is \'interns ls\'' -l starting-after -x -d 'start after this next_cursor of a previous page'
complete -c gwctl -n '__gwctl_is \'interns ls\'' -l all -d 'read every page and print one result'
complete -c gwctl -n '__gwctl_is \'interns ls\'' -l watch -d 'keep polling and show what changes (added, modified, deleted) until Ctrl-C'
complete -c gwctl -n '__gwctl_is \'interns ls\'' -l interval -x -d 'with --watch: time between polls (default 2s, at least 0.5s)'
complete -c gwctl -n '__gwctl_is \'interns ls\'' -l columns -x -a '(__gwctl_list id name status model hostname created_at description instructions last_failure_message vault_id attached_vault_id workspace_id updated_at)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'interns ls\'' -s h -l help -d 'show help'

# gwctl interns suspend
complete -c gwctl -n '__gwctl_is \'interns suspend\'' -s y -l yes -d 'suspend without asking'
complete -c gwctl -n '__gwctl_is \'interns suspend\'' -l status -x -a '(__gwctl_list awaiting_chat_install queued provisioning running failed stopped destroying destroy_failed)' -d 'suspend every intern with these statuses (comma-separated), across every page'
complete -c gwctl -n '__gwctl_is \'interns suspend\'' -l workspace -x -d 'with --status: only interns of this workspace'
complete -c gwctl -n '__gwctl_is \'interns suspend\'' -l dry-run -d 'read each target and say what would happen to it; change nothing'
complete -c gwctl -n '__gwctl_is \'interns suspend\'' -l strict -d 'with --dry-run: exit 8 when any target would fail'
complete -c gwctl -n '__gwctl_is \'interns suspend\'' -l concurrency -x -d 'requests in flight at once, 1-16, or auto: start at 4 and adapt to how the server answers (default 4)'
complete -c gwctl -n '__gwctl_is \'interns suspend\'' -l columns -x -a '(__gwctl_list id name result exit_code status expected reason)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'interns suspend\'' -s h -l help -d 'show help'
complete -c gwctl -n '__gwctl_arg \'interns suspend\' 0+' -x -a '(__gwctl_dynamic intern)' -d 'intern ids, or - to read them from stdin (on a terminal, pick one when none is given)'

# gwctl interns wait
complete -c gwctl -n '__gwctl_is \'interns wait\'' -l status -x -a '(__gwctl_list awaiting_chat_install queued provisioning running failed stopped destroying destroy_failed)' -d 'wait for every intern that has one of these statuses now (comma-separated), across every page'
complete -c gwctl -n '__gwctl_is \'interns wait\'' -l workspace -x -d 'with --status: only interns of this workspace'
complete -c gwctl -n '__gwctl_is \'interns wait\'' -l for -x -d 'status=S, status!=S or delete (repeatable; every one must hold)'
complete -c gwctl -n '__gwctl_is \'interns wait\'' -l timeout -x -d 'give up after this long (default 10m)'
complete -c gwctl -n '__gwctl_is \'interns wait\'' -l interval -x -d 'time between polls (default 2s, at least 0.1s)'
complete -c gwctl -n '__gwctl_is \'interns wait\'' -l columns -x -a '(__gwctl_list id name status)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'interns wait\'' -s h -l help -d 'show help'
complete -c gwctl -n '__gwctl_arg \'interns wait\' 0+' -x -a '(__gwctl_dynamic intern)' -d 'intern ids, or - to read them from stdin (or --status instead)'

# gwctl vault
complete -c gwctl -n '__gwctl_is \'vault\'' -a 'secrets' -d 'List the metadata of an intern\'s vault secrets, ordered by name (never their values)'
complete -c gwctl -n '__gwctl_is \'vault\'' -s h -l help -d 'show help'

# gwctl vault secrets
complete -c gwctl -n '__gwctl_is \'vault secrets\'' -l limit -x -d 'page size, 1-100 (API default 100)'
complete -c gwctl -n '__gwctl_is \'vault secrets\'' -l offset -x -d 'secrets to skip, 0-10000 (default 0)'
complete -c gwctl -n '__gwctl_is \'vault secrets\'' -l all -d 'read every page and print one result'
complete -c gwctl -n '__gwctl_is \'vault secrets\'' -l columns -x -a '(__gwctl_list name hosts fingerprint created_at)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'vault secrets\'' -s h -l help -d 'show help'
complete -c gwctl -n '__gwctl_arg \'vault secrets\' 0' -x -a '(__gwctl_dynamic intern)' -d 'intern id (UUID); on a terminal, pick one when it is left out'

# gwctl byok
complete -c gwctl -n '__gwctl_is \'byok\'' -a 'ls' -d 'List a workspace\'s provider-key (BYOK) credentials'
complete -c gwctl -n '__gwctl_is \'byok\'' -s h -l help -d 'show help'

# gwctl byok ls
complete -c gwctl -n '__gwctl_is \'byok ls\'' -l workspace -x -d 'workspace (default: the account\'s default workspace)'
complete -c gwctl -n '__gwctl_is \'byok ls\'' -l provider -x -a 'ai21 aion-labs akashml alibaba amazon-bedrock amazon-nova ambient anthropic arcee-ai atlas-cloud avian azure baidu baseten black-forest-labs byteplus cerebras chutes cirrascale clarifai cloudflare cohere coreweave crusoe darkbloom databricks decart deepgram deepinfra deepseek dekallm digitalocean featherless fireworks fish-audio friendli gmicloud google-ai-studio google-vertex groq heygen inception inceptron inferact-vllm inference-net infermatic inflection io-net ionstream krea liquid makora mancer mara meta minimax mistral modal modelrun modular moonshotai morph ncompass nebius nex-agi nextbit novita nvidia open-inference openai parasail perceptron perplexity phala poolside quiver recraft reka relace runway sail-research sakana sakana-ai sambanova seed siliconflow sourceful stepfun streamlake switchpoint tencent tenstorrent thinkingmachines together upstage venice wafer wandb wandb-legacy xai xiaomi z-ai' -d 'only this provider, e.g. openai or amazon-bedrock'
complete -c gwctl -n '__gwctl_is \'byok ls\'' -l limit -x -d 'page size, 1-100'
complete -c gwctl -n '__gwctl_is \'byok ls\'' -l offset -x -d 'credentials to skip (default 0)'
complete -c gwctl -n '__gwctl_is \'byok ls\'' -l all -d 'read every page and print one result'
complete -c gwctl -n '__gwctl_is \'byok ls\'' -l columns -x -a '(__gwctl_list id provider name label flags sort_order restrictions created_at workspace_id disabled is_byok_only is_fallback is_required declared_zdr)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'byok ls\'' -s h -l help -d 'show help'

# gwctl budgets
complete -c gwctl -n '__gwctl_is \'budgets\'' -a 'ls' -d 'List a workspace\'s budgets (default: the profile\'s workspace)'
complete -c gwctl -n '__gwctl_is \'budgets\'' -s h -l help -d 'show help'

# gwctl budgets ls
complete -c gwctl -n '__gwctl_is \'budgets ls\'' -l columns -x -a '(__gwctl_list id reset_interval limit_usd include_byok_in_budgets workspace_id updated_at created_at)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'budgets ls\'' -s h -l help -d 'show help'

# gwctl tools
complete -c gwctl -n '__gwctl_is \'tools\'' -a 'get' -d 'Show a server tool: its engines, their pricing, and native support'
complete -c gwctl -n '__gwctl_is \'tools\'' -s h -l help -d 'show help'

# gwctl tools get
complete -c gwctl -n '__gwctl_is \'tools get\'' -l columns -x -a '(__gwctl_list id name status summary tool_description docs_url supported_api_formats aliases default_engine fallback_engine native_support)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'tools get\'' -s h -l help -d 'show help'

# gwctl auth
complete -c gwctl -n '__gwctl_is \'auth\'' -a 'login' -d 'Store a key for a profile (prompted, or read from stdin with --with-token)'
complete -c gwctl -n '__gwctl_is \'auth\'' -a 'logout' -d 'Remove a profile\'s stored keys'
complete -c gwctl -n '__gwctl_is \'auth\'' -a 'status' -d 'Show the credentials and settings in effect, keys masked, and where each comes from'
complete -c gwctl -n '__gwctl_is \'auth\'' -a 'token' -d 'Print the key in effect, for use in other tools'
complete -c gwctl -n '__gwctl_is \'auth\'' -s h -l help -d 'show help'

# gwctl auth login
complete -c gwctl -n '__gwctl_is \'auth login\'' -l with-token -d 'read the key from standard input'
complete -c gwctl -n '__gwctl_is \'auth login\'' -l api-key -d 'store the API key (interns, vault and batches routes) instead of the management key'
complete -c gwctl -n '__gwctl_is \'auth login\'' -l no-verify -d 'store the key without checking it with the API (offline set-up)'
complete -c gwctl -n '__gwctl_is \'auth login\'' -l insecure-storage -d 'keep the key in the 0600 config file, not in the operating system\'s credential store'
complete -c gwctl -n '__gwctl_is \'auth login\'' -s h -l help -d 'show help'

# gwctl auth logout
complete -c gwctl -n '__gwctl_is \'auth logout\'' -l api-key -d 'remove only the API key'
complete -c gwctl -n '__gwctl_is \'auth logout\'' -s h -l help -d 'show help'

# gwctl auth status
complete -c gwctl -n '__gwctl_is \'auth status\'' -l offline -d 'do not check the keys with the API'
complete -c gwctl -n '__gwctl_is \'auth status\'' -s h -l help -d 'show help'

# gwctl auth token
complete -c gwctl -n '__gwctl_is \'auth token\'' -l api-key -d 'print the API key (interns, vault and batches routes; falls back to the management key)'
complete -c gwctl -n '__gwctl_is \'auth token\'' -s h -l help -d 'show help'

# gwctl config
complete -c gwctl -n '__gwctl_is \'config\'' -a 'get' -d 'Print one setting of the profile (exit 1 when it is not set)'
complete -c gwctl -n '__gwctl_is \'config\'' -a 'list' -d 'List the settings stored in the profile (keys: see auth status)'
complete -c gwctl -n '__gwctl_is \'config\'' -a 'path' -d 'Print the path of the config file (GWCTL_CONFIG_DIR moves it)'
complete -c gwctl -n '__gwctl_is \'config\'' -a 'profiles' -d 'List the profiles in the config file, and where each keeps its keys'
complete -c gwctl -n '__gwctl_is \'config\'' -a 'set' -d 'Change one setting of the profile'
complete -c gwctl -n '__gwctl_is \'config\'' -a 'unset' -d 'Remove one setting from the profile (its default applies again)'
complete -c gwctl -n '__gwctl_is \'config\'' -s h -l help -d 'show help'

# gwctl config get
complete -c gwctl -n '__gwctl_is \'config get\'' -s h -l help -d 'show help'
complete -c gwctl -n '__gwctl_arg \'config get\' 0' -x -a 'base-url workspace timeout retries management-key-command api-key-command ca-file' -d 'setting: base-url, workspace, timeout, retries, management-key-command, api-key-command, ca-file'

# gwctl config list
complete -c gwctl -n '__gwctl_is \'config list\'' -s h -l help -d 'show help'

# gwctl config path
complete -c gwctl -n '__gwctl_is \'config path\'' -s h -l help -d 'show help'

# gwctl config profiles
complete -c gwctl -n '__gwctl_is \'config profiles\'' -l columns -x -a '(__gwctl_list name current base_url workspace management_key api_key)' -d 'columns of a table or of piped rows, e.g. id,status (each command\'s --help lists them)'
complete -c gwctl -n '__gwctl_is \'config profiles\'' -s h -l help -d 'show help'

# gwctl config set
complete -c gwctl -n '__gwctl_is \'config set\'' -s h -l help -d 'show help'
complete -c gwctl -n '__gwctl_arg \'config set\' 0' -x -a 'base-url workspace timeout retries management-key-command api-key-command ca-file' -d 'setting: base-url, workspace, timeout, retries, management-key-command, api-key-command, ca-file'

# gwctl config unset
complete -c gwctl -n '__gwctl_is \'config unset\'' -s h -l help -d 'show help'
complete -c gwctl -n '__gwctl_arg \'config unset\' 0' -x -a 'base-url workspace timeout retries management-key-command api-key-command ca-file' -d 'setting: base-url, workspace, timeout, retries, management-key-command, api-key-command, ca-file'

# gwctl api
complete -c gwctl -n '__gwctl_is \'api\'' -s X -l method -x -d 'HTTP method (default GET; POST when fields or --input are given)'
complete -c gwctl -n '__gwctl_is \'api\'' -s f -l raw-field -x -d 'a string field (repeatable)'
complete -c gwctl -n '__gwctl_is \'api\'' -s F -l field -x -d 'a typed field: true, false, null, integers, @FILE, @- (repeatable)'
complete -c gwctl -n '__gwctl_is \'api\'' -s H -l header -x -d 'an extra request header \'Name: value\' (repeatable)'
complete -c gwctl -n '__gwctl_is \'api\'' -l input -r -F -d 'the request body, sent unchanged (- for stdin)'
complete -c gwctl -n '__gwctl_is \'api\'' -l paginate -d 'follow every page and print one body whose data holds every item'
complete -c gwctl -n '__gwctl_is \'api\'' -l slurp -d 'with --paginate: one JSON array of each page\'s body'
complete -c gwctl -n '__gwctl_is \'api\'' -s i -l include -d 'print the status line and response headers before the body'
complete -c gwctl -n '__gwctl_is \'api\'' -l silent -d 'print no body'
complete -c gwctl -n '__gwctl_is \'api\'' -l dry-run -d 'print the request as JSON (key redacted) and send nothing'
complete -c gwctl -n '__gwctl_is \'api\'' -l key -x -d 'which key to send: management or api'
complete -c gwctl -n '__gwctl_is \'api\'' -s y -l yes -d 'DELETE without asking'
complete -c gwctl -n '__gwctl_is \'api\'' -s h -l help -d 'show help'
complete -c gwctl -n '__gwctl_arg \'api\' 0' -x -a 'batches/ byok interns interns/ presets/ private-endpoints/ tools/ vault/interns/ workspaces/' -d 'route relative to the base URL, e.g. interns or /credits'

# gwctl completion
complete -c gwctl -n '__gwctl_is \'completion\'' -s h -l help -d 'show help'
complete -c gwctl -n '__gwctl_arg \'completion\' 0' -x -a 'bash zsh fish' -d 'bash, zsh or fish'

# gwctl doctor
complete -c gwctl -n '__gwctl_is \'doctor\'' -s h -l help -d 'show help'

# gwctl mcp
complete -c gwctl -n '__gwctl_is \'mcp\'' -l allow-destructive -d 'also serve the tools that change something (previewed unless yes: true)'
complete -c gwctl -n '__gwctl_is \'mcp\'' -l no-confirm -d 'with --allow-destructive: act on yes: true without asking the person at the client'
complete -c gwctl -n '__gwctl_is \'mcp\'' -l tools -x -d 'serve only these tools (comma-separated names)'
complete -c gwctl -n '__gwctl_is \'mcp\'' -l exclude-tools -x -d 'serve every tool but these (comma-separated names)'
complete -c gwctl -n '__gwctl_is \'mcp\'' -l audit-log -r -F -d 'where write tools are logged, JSON lines (default: mcp-audit.jsonl in the config folder)'
complete -c gwctl -n '__gwctl_is \'mcp\'' -l http -d 'serve streamable HTTP on 127.0.0.1 instead of stdio'
complete -c gwctl -n '__gwctl_is \'mcp\'' -l port -x -d 'with --http: port to listen on (default 0: a free one)'
complete -c gwctl -n '__gwctl_is \'mcp\'' -l client -x -d 'with config: the client to register with (claude-code, claude-desktop, cursor, vscode, codex, gemini-cli)'
complete -c gwctl -n '__gwctl_is \'mcp\'' -s h -l help -d 'show help'

# gwctl sandbox
complete -c gwctl -n '__gwctl_is \'sandbox\'' -l port -x -d 'port to listen on (default 4010; 0 picks a free one)'
complete -c gwctl -n '__gwctl_is \'sandbox\'' -l host -x -d 'loopback address to listen on (default 127.0.0.1)'
complete -c gwctl -n '__gwctl_is \'sandbox\'' -l interns -x -d 'how many interns to generate (default 300, up to 1000000)'
complete -c gwctl -n '__gwctl_is \'sandbox\'' -l fault -x -d 'inject a fault from the start, e.g. "GET /interns 503 retry-after=1 times=2" (repeatable)'
complete -c gwctl -n '__gwctl_is \'sandbox\'' -l pace -x -d 'how fast states in motion move: N times real time (default 1; 0 freezes; up to 1000)'
complete -c gwctl -n '__gwctl_is \'sandbox\'' -l churn -x -d 'about N interns a minute appear, change status or disappear (default 0)'
complete -c gwctl -n '__gwctl_is \'sandbox\'' -l batch-rate-limit -x -d 'rate limit of batch routes per key, e.g. 5/60 (default 600/60; 0 for none)'
complete -c gwctl -n '__gwctl_is \'sandbox\'' -l rate-limit -x -d 'rate limit of every route per key, e.g. 50/1: 429 with Retry-After beyond it (default none; also GWCTL_SANDBOX_RATE_LIMIT)'
complete -c gwctl -n '__gwctl_is \'sandbox\'' -s h -l help -d 'show help'

# gwctl version
complete -c gwctl -n '__gwctl_is \'version\'' -s h -l help -d 'show help'

# gwctl help
complete -c gwctl -n '__gwctl_is \'help\'' -a 'endpoints' -d 'Private endpoints: customer-owned deployments with negotiated prices'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'presets' -d 'Presets: named, versioned request configuration'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'batches' -d 'Batches: asynchronous groups of chat-completion requests'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'interns' -d 'Interns: provisioned agent runtimes in a workspace'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'vault' -d 'Vault: metadata of an intern\'s host-bound secrets (never their values)'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'byok' -d 'Provider keys (BYOK) stored for upstream providers'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'budgets' -d 'Workspace budgets: spending limits'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'tools' -d 'Server tools the service runs for a model'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'auth' -d 'Store, remove and show credentials'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'config' -d 'Profile settings'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'api' -d 'Send a request to any route of the gateway API, with the profile\'s key, retries and safety'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'completion' -d 'Print a shell completion script (bash, zsh or fish)'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'doctor' -d 'Check each step of the way to the gateway and say which one fails'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'mcp' -d 'Serve the gateway\'s operations as Model Context Protocol tools, for agents'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'sandbox' -d 'Serve the built-in sandbox API on loopback until interrupted'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'version' -d 'Print the version, the commit and build time, and what gwctl runs on'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'exit-codes' -d 'what each exit code means'
complete -c gwctl -n '__gwctl_is \'help\'' -a 'formatting' -d 'output formats: tables, rows, --json, --jq, --jsonl, --columns, --header'

# gwctl help endpoints
complete -c gwctl -n '__gwctl_is \'help endpoints\'' -a 'get' -d 'Show a private endpoint and its negotiated prices'

# gwctl help presets
complete -c gwctl -n '__gwctl_is \'help presets\'' -a 'create' -d 'Create a preset from a messages-style request body, or a new version of an existing one'

# gwctl help batches
complete -c gwctl -n '__gwctl_is \'help batches\'' -a 'delete' -d 'Delete finished batches with their stored requests and results (not a cancellation)'
complete -c gwctl -n '__gwctl_is \'help batches\'' -a 'get' -d 'Show a batch: status, counts, times, cost and usage'

# gwctl help interns
complete -c gwctl -n '__gwctl_is \'help interns\'' -a 'get' -d 'Show every field of an intern (on a terminal, pick one when the id is left out)'
complete -c gwctl -n '__gwctl_is \'help interns\'' -a 'ls' -d 'List interns, newest first'
complete -c gwctl -n '__gwctl_is \'help interns\'' -a 'suspend' -d 'Suspend interns: stop their runtime, keep their disk and configuration'
complete -c gwctl -n '__gwctl_is \'help interns\'' -a 'wait' -d 'Wait until interns reach a state (or are deleted)'

# gwctl help vault
complete -c gwctl -n '__gwctl_is \'help vault\'' -a 'secrets' -d 'List the metadata of an intern\'s vault secrets, ordered by name (never their values)'

# gwctl help byok
complete -c gwctl -n '__gwctl_is \'help byok\'' -a 'ls' -d 'List a workspace\'s provider-key (BYOK) credentials'

# gwctl help budgets
complete -c gwctl -n '__gwctl_is \'help budgets\'' -a 'ls' -d 'List a workspace\'s budgets (default: the profile\'s workspace)'

# gwctl help tools
complete -c gwctl -n '__gwctl_is \'help tools\'' -a 'get' -d 'Show a server tool: its engines, their pricing, and native support'

# gwctl help auth
complete -c gwctl -n '__gwctl_is \'help auth\'' -a 'login' -d 'Store a key for a profile (prompted, or read from stdin with --with-token)'
complete -c gwctl -n '__gwctl_is \'help auth\'' -a 'logout' -d 'Remove a profile\'s stored keys'
complete -c gwctl -n '__gwctl_is \'help auth\'' -a 'status' -d 'Show the credentials and settings in effect, keys masked, and where each comes from'
complete -c gwctl -n '__gwctl_is \'help auth\'' -a 'token' -d 'Print the key in effect, for use in other tools'

# gwctl help config
complete -c gwctl -n '__gwctl_is \'help config\'' -a 'get' -d 'Print one setting of the profile (exit 1 when it is not set)'
complete -c gwctl -n '__gwctl_is \'help config\'' -a 'list' -d 'List the settings stored in the profile (keys: see auth status)'
complete -c gwctl -n '__gwctl_is \'help config\'' -a 'path' -d 'Print the path of the config file (GWCTL_CONFIG_DIR moves it)'
complete -c gwctl -n '__gwctl_is \'help config\'' -a 'profiles' -d 'List the profiles in the config file, and where each keeps its keys'
complete -c gwctl -n '__gwctl_is \'help config\'' -a 'set' -d 'Change one setting of the profile'
complete -c gwctl -n '__gwctl_is \'help config\'' -a 'unset' -d 'Remove one setting from the profile (its default applies again)'
