import { option, arg, ValueRefused } from '../core/options.js';
import { unsendableCharacter } from '../core/patterns.js';
import { nearest } from '../core/suggest.js';
import { defineSpec } from '../core/spec.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function method(text: string): string {
  const upper = text.toUpperCase();
  if (!(METHODS as readonly string[]).includes(upper)) {
    const near = nearest(upper, METHODS);
    throw new ValueRefused(near ? `did you mean ${near}?` : `must be one of ${METHODS.join(', ')}`);
  }
  return upper;
}

function keyKind(text: string): 'management' | 'api' {
  if (text !== 'management' && text !== 'api') throw new ValueRefused('must be management or api');
  return text;
}

/** `key=value`: the key is everything before the first `=`, and must not be empty. */
function field(text: string): { key: string; value: string } {
  const at = text.indexOf('=');
  if (at <= 0) throw new ValueRefused('expected key=value');
  return { key: text.slice(0, at), value: text.slice(at + 1) };
}

/** `Name: value`: a header a person adds. CR and LF would split it into other headers. */
function header(text: string): { name: string; value: string } {
  const at = text.indexOf(':');
  const name = at < 0 ? '' : text.slice(0, at).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new ValueRefused("expected 'Name: value'");
  const value = text.slice(at + 1).trim();
  const bad = unsendableCharacter(value);
  if (bad) throw new ValueRefused(`the value has ${bad}; a header carries printable ASCII only`);
  if (name.toLowerCase() === 'authorization') throw new ValueRefused('the key is set from the profile; choose which with --key');
  // A front end shared by several sites routes by Host: another one would take the key to another site.
  if (name.toLowerCase() === 'host') throw new ValueRefused("the host is the base URL's; set it with --base-url");
  return { name, value };
}

export const spec = defineSpec({
  path: ['api'],
  summary: "Send a request to any route of the gateway API, with the profile's key, retries and safety",
  description: [
    '<path> is relative to the base URL (interns, /interns?limit=5), or an absolute URL on its origin.',
    'Fields go into the query string for GET, HEAD and DELETE, and into a JSON body otherwise;',
    'key[]=v appends to an array, key[sub]=v sets a nested key. -F makes true, false, null and integers',
    "JSON values and reads @FILE (or @- for stdin). The key: the one gwctl's own command for the route",
    'sends (the API key on interns, vault and batches routes), the management key on routes it has no',
    "command for, unless --key says which. The key never leaves the base URL's origin, and -H cannot",
    'set Authorization or Host.',
    'A request other than GET or HEAD is retried only when it cannot have reached the server.',
  ].join('\n'),
  args: {
    path: arg.required({ name: 'path', description: 'route relative to the base URL, e.g. interns or /credits', complete: 'route' }),
  },
  options: {
    method: option.custom('-X, --method <method>', 'HTTP method (default GET; POST when fields or --input are given)', method),
    rawField: option.repeated('-f, --raw-field <key=value>', 'a string field (repeatable)', field),
    field: option.repeated('-F, --field <key=value>', 'a typed field: true, false, null, integers, @FILE, @- (repeatable)', field),
    header: option.repeated('-H, --header <header>', "an extra request header 'Name: value' (repeatable)", header),
    input: option.string('--input <file>', 'the request body, sent unchanged (- for stdin)', 'file'),
    paginate: option.flag('--paginate', 'follow every page and print one body whose data holds every item'),
    slurp: option.flag('--slurp', "with --paginate: one JSON array of each page's body"),
    include: option.flag('-i, --include', 'print the status line and response headers before the body'),
    silent: option.flag('--silent', 'print no body'),
    dryRun: option.flag('--dry-run', 'print the request as JSON (key redacted) and send nothing'),
    key: option.custom('--key <kind>', 'which key to send: management or api', keyKind),
    yes: option.flag('-y, --yes', 'DELETE without asking'),
  },
  examples: [
    'gwctl api credits',
    'gwctl api keys --paginate',
    'gwctl api interns --paginate --jq \'.data[] | select(.status == "failed") | .id\'',
    'gwctl api /interns?limit=5 --include',
    'gwctl api models -X GET -f supported_parameters=tools',
    'gwctl api presets/support-bot/messages -F max_tokens=256 -f model=openai/gpt-4o --dry-run',
    'gwctl api batches/batch_abc123 -X DELETE --yes',
    'gwctl api keys -X POST --input key.json',
  ],
});
