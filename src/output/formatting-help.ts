// The text of `gwctl help formatting`: every output mode with an example a person can paste.
export const FORMATTING_HELP = `Output formats

Every command that prints a result chooses its form the same way.

On a terminal: a table with colour, relative times ("3 hours ago") and amounts as money.
  gwctl budgets ls production

Piped (stdout not a terminal): one row per line, fields separated by tabs, no header, no
colour. Values are raw so programs can use them: numbers as the API sent them (10000, not
$10,000.00), true/false, ISO 8601 times, and an empty field for null or missing values.
  gwctl interns ls | cut -f1
  gwctl budgets ls production | sort -t$'\\t' -k3 -n

--header: piped rows begin with one line of the column names.
  gwctl interns ls --header > interns.tsv

--columns NAME,...: the columns of the table or of the piped rows, in that order. The names
are the API's field names; each command's --help lists its own, and the fields of the resource
that are also columns (any string, number, boolean or null field). An unknown name is exit 2.
A detail view (interns get, endpoints get, tools get, batches get) picks its fields the same
way: one row in a pipe.
  gwctl interns ls --columns id,status,created_at
  gwctl budgets ls production --columns limit_usd,reset_interval --header
  gwctl interns get 7c9e6679-7425-40de-944b-e07fc1f90ae7 --columns id,status --header

--json: the API's response body as returned, pretty-printed. With --all, every page merged
into one body whose "data" holds every item.
  gwctl interns get 7c9e6679-7425-40de-944b-e07fc1f90ae7 --json

--jq EXPR: a jq filter applied to the body --json would print (with --all, the merged body),
run as jq 1.8.2 runs it (jq is built in): the same outputs, errors, numbers, key order and
limits. Strings print raw, as with jq -r; anything else as compact JSON; one output per line.
EXPR is always the filter, never one of jq's options (--jq=-n is the filter -n). A filter
that jq does not compile is exit 2 and nothing is sent. An everyday filter that begins
'.data[] |' takes the items one by one: with --all it runs on the items as pages arrive, in
flat memory; a run-time error then ends the output where it happened (exit 1).
  gwctl interns ls --all --jq '.data[] | select(.status == "failed") | .id'
  gwctl budgets ls production --jq '.data[] | [.id, .limit_usd] | @tsv'
  gwctl interns ls --jq '.data[] | "\\(.name) is \\(.status)"'

--jsonl: JSON Lines. A list prints one item per line as compact JSON, without the envelope;
with --all the items stream as pages arrive. A single object prints on one line.
  gwctl interns ls --all --jsonl | wc -l
  gwctl interns get 7c9e6679-7425-40de-944b-e07fc1f90ae7 --jsonl

--json, --jq and --jsonl do not combine with --columns or --header, nor --jsonl with --json
or --jq (exit 2).

Text from the server never steers the terminal nor hides from you: control characters (ESC,
BEL, C1), bidirectional controls and invisible format characters (zero-width spaces, tag
characters) are shown escaped (\\e, \\x07, \\u202e, \\u200b, \\u{e0041}) in tables, rows,
jq's raw strings and error lines, and as \\uXXXX inside JSON.
`;
