// Writes the command reference (docs/reference/, Markdown) and the manual pages (man/, roff)
// from `gwctl help --json`, which the built binary makes from the same specs as `--help`; the
// sections of hand-written pages that list commands, options or settings (README.md's command
// table, docs/sandbox.md's options, docs/completion.md's settings: between `<!-- generated: NAME
// -->` and `<!-- end of NAME -->`); and lists the pages under package.json's "man", so that
// `npm install -g` installs them.
//   node scripts/gen-docs.mjs           write the files
//   node scripts/gen-docs.mjs --check   exit 1 if a file differs from what the specs give
// Run `node scripts/build.mjs` first (npm run docs does both).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = path.join(root, 'bin', 'gwctl.js');

if (!existsSync(path.join(root, 'dist', 'main.js'))) {
  console.error('gen-docs: dist/ is missing; run node scripts/build.mjs first');
  process.exit(1);
}

// A clean environment: the pages must not depend on whoever generates them.
const model = JSON.parse(
  execFileSync(process.execPath, [bin, 'help', '--json'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } }),
);
const visible = model.commands.filter((c) => !c.hidden);

/** The page name of a command: `gwctl-interns-ls`; `gwctl` for the tool itself. */
const pageName = (command) => ['gwctl', ...command.path.split(' ')].join('-');

// --- Markdown

function mdEscape(text) {
  return String(text).replace(/\|/g, '\\|');
}

function mdValue(option) {
  const facts = [];
  if (option.choices?.length)
    facts.push(`${option.type === 'list' ? 'any of' : 'one of'} ${option.choices.map((c) => `\`${c}\``).join(', ')}`);
  if (option.min !== undefined && option.max !== undefined) facts.push(`${option.min} to ${option.max}`);
  else if (option.min !== undefined) facts.push(`at least ${option.min}`);
  if (option.default !== undefined) facts.push(`default \`${option.default}\``);
  if (option.env) facts.push(`env \`${option.env}\``);
  return facts.join('; ');
}

function mdOptions(options) {
  const rows = options.map((o) => `| \`${mdEscape(o.flags)}\` | ${o.type} | ${mdEscape(o.description)} | ${mdEscape(mdValue(o))} |`);
  return ['| option | value | meaning | range, choices, default |', '|---|---|---|---|', ...rows].join('\n');
}

function mdCommand(command) {
  const lines = [`# gwctl ${command.path}`, '', command.summary, '', '```', command.usage, '```', ''];
  if (command.aliases.length) lines.push(`Also: ${command.aliases.map((a) => `\`${a}\``).join(', ')}.`, '');
  if (command.description) lines.push(command.description, '');
  if (command.arguments.length) {
    lines.push('## Arguments', '', '| argument | meaning |', '|---|---|');
    for (const a of command.arguments)
      lines.push(
        `| \`${a.required ? '<' : '['}${a.name}${a.variadic ? '...' : ''}${a.required ? '>' : ']'}\` | ${mdEscape(a.description)} |`,
      );
    lines.push('');
  }
  if (command.options.length) lines.push('## Options', '', mdOptions(command.options), '');
  if (command.shape) lines.push('## JSON', '', `\`--json\` prints, and \`--jq\` filters: \`${command.shape}\``, '');
  if (command.columns.length) {
    const own = command.columns.filter((c) => !command.field_columns.includes(c));
    const code = (names) => names.map((c) => `\`${c}\``).join(', ');
    lines.push('## Columns', '', `For \`--columns\`: ${code(own)}.`, '');
    if (command.field_columns.length) lines.push(`Fields also usable as columns: ${code(command.field_columns)}.`, '');
  }
  lines.push('## Examples', '', '```sh', ...command.examples, '```', '');
  lines.push('## Global options', '', 'Every global option applies too; see [the index](README.md#global-options).', '');
  return lines.join('\n');
}

function mdIndex() {
  const lines = [
    '# gwctl reference',
    '',
    `Generated from gwctl ${model.version}'s command specs by \`npm run docs\`; \`gwctl help --json\` gives the same as JSON.`,
    '',
    '## Commands',
    '',
    '| command | what it does |',
    '|---|---|',
    ...visible.map((c) => `| [\`gwctl ${c.path}\`](${pageName(c)}.md) | ${mdEscape(c.summary)} |`),
    '',
    '## Global options',
    '',
    'They may stand before or after the command.',
    '',
    mdOptions(model.global_options),
    '',
    '## Environment',
    '',
    '| variable | meaning |',
    '|---|---|',
    ...model.environment.map((e) => `| \`${e.name}\` | ${mdEscape(e.description)} |`),
    '',
    '## Exit codes',
    '',
    '| exit | when |',
    '|---|---|',
    ...model.exit_codes.map((e) => `| ${e.code} | ${mdEscape(e.meaning)} |`),
    '',
  ];
  return lines.join('\n');
}

// --- sections of the hand-written pages that list options and settings

/** An option as a usage line shows it: `[--limit N]`, `[--all]`, `[--for CONDITION]...`. */
function optionUsage(o) {
  const value = o.value_name ? ` ${o.value_name.replace(/\.\.\.$/, '').toUpperCase()}` : '';
  return `[${o.name}${value}]${o.repeatable || o.value_name?.endsWith('...') ? '...' : ''}`;
}

/** An argument: `<id>`, `[workspace]`, and `<id>...\|-` for ids that may come on stdin. */
function argumentUsage(a) {
  const name = a.variadic ? `${a.name}...\\|-` : a.name;
  return a.required ? `<${name}>` : `[${name}]`;
}

/** README.md: every command with every argument and option, and its summary. */
function readmeCommands() {
  const rows = visible.map((c) => {
    const usage = ['gwctl', c.path, ...c.arguments.map(argumentUsage), ...c.options.map(optionUsage)].join(' ');
    const also = c.aliases.length ? ` (also \`${c.path.replace(/\S+$/, c.aliases[0])}\`)` : '';
    return `| \`${usage.replace(/\|(?!-)/g, '\\|')}\` | ${mdEscape(c.summary)}${also} |`;
  });
  return ['| command | what it does |', '|---|---|', ...rows].join('\n');
}

/** docs/agents.md: every tool of `gwctl mcp`, the command it is, and the key its operation needs. */
function agentTools() {
  const rows = visible
    .filter((c) => c.mcp_tool)
    .map((c) => {
      const kind = c.mcp_tool.changes ? 'write: with `--allow-destructive` only; previewed, confirmed by the person' : 'read';
      const key = !c.operation
        ? 'those of the reads it makes'
        : c.operation.key === 'management'
          ? 'the management key'
          : 'an API key (or the management key)';
      return `| \`${c.mcp_tool.name}\` | \`gwctl ${c.path}\`: ${mdEscape(c.summary)} | ${kind} | ${key} |`;
    });
  return ['| tool | command | | key |', '|---|---|---|---|', ...rows].join('\n');
}

/** docs/sandbox.md: the options of `gwctl sandbox`. */
function sandboxOptions() {
  const sandbox = visible.find((c) => c.path === 'sandbox');
  const rows = sandbox.options.map((o) => {
    const facts = mdValue(o);
    return `| \`${mdEscape(optionUsage(o).replace(/^\[|\](\.\.\.)?$/g, ''))}\` | ${mdEscape(o.description)}${facts ? ` (${facts})` : ''} |`;
  });
  return ['| option | meaning |', '|---|---|', ...rows].join('\n');
}

/** docs/completion.md: the settings `config get|set|unset` complete. */
function settingsList() {
  return model.settings.map((key) => `\`${key}\``).join(', ');
}

/**
 * A page with its generated section replaced: the text between `<!-- generated: NAME ... -->`
 * and `<!-- end of NAME -->`. A block (a table) stands on lines of its own; inline, it is text.
 */
function withSection(file, text, name, body, inline = false) {
  const open = new RegExp(`<!-- generated: ${name} [^>]*-->`).exec(text);
  const close = `<!-- end of ${name} -->`;
  const end = text.indexOf(close);
  if (!open || end < open.index) throw new Error(`gen-docs: ${file} has no section ${name} (<!-- generated: ${name} ... --> ... ${close})`);
  const start = open.index + open[0].length;
  return `${text.slice(0, start)}${inline ? body : `\n\n${body}\n\n`}${text.slice(end)}`;
}

function pageWithSections(file, sections) {
  let text = readFileSync(path.join(root, file), 'utf8');
  for (const [name, body, inline] of sections) text = withSection(file, text, name, body, inline);
  return text;
}

// --- roff (man(7))

/** Text safe in roff: backslashes doubled, hyphens as minus signs where they are options, no line starting with a control character. */
function roff(text) {
  return (
    String(text)
      .replace(/\\/g, '\\e')
      .replace(/-/g, '\\-')
      // troff reads printable ASCII: any other character (the `…` of a JSON shape) by its code point.
      .replace(/[^ -~\n\t]/gu, (ch) => `\\[u${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}]`)
      .split('\n')
      .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
      .join('\n')
  );
}

/**
 * A description as help --json gives it (one line per line of help, a blank line between
 * paragraphs): a paragraph per block, its lines kept apart with .br as help keeps them, and an
 * indented line as it is. The lines of help --json never split a sentence, so neither does man.
 */
function roffParagraphs(text) {
  const out = [];
  let fresh = true;
  for (const line of String(text).split('\n')) {
    if (line.trim() === '') fresh = true;
    else if (/^\s/.test(line)) {
      out.push(...(fresh ? ['.PP'] : []), '.nf', roff(line), '.fi');
      fresh = false;
    } else {
      out.push(fresh ? '.PP' : '.br', roff(line));
      fresh = false;
    }
  }
  return out.join('\n');
}

function roffOption(o) {
  const facts = mdValue(o).replace(/`/g, '');
  return `.TP\n.B ${roff(o.flags)}\n${roff(o.description)}${facts ? `\n(${roff(facts)})` : ''}`;
}

function roffExamples(examples) {
  return ['.PP', '.RS 4', '.nf', ...examples.map(roff), '.fi', '.RE'].join('\n');
}

function th(name, title) {
  // The header holds the page's name twice and the title between: a short title keeps the
  // longest name's header within 60 columns. \.nh: an option or a word such as a status
  // (provisioning) is never split by a hyphen that is not in it, so what is read can be typed.
  return `.TH ${roff(name.toUpperCase())} 1 "" "gwctl ${roff(model.version)}" "${roff(title)}"\n.nh`;
}

function manCommand(command) {
  const name = pageName(command);
  const parts = [th(name, 'gwctl'), '.SH NAME', `${roff(name)} \\- ${roff(command.summary)}`, '.SH SYNOPSIS', `.B ${roff(command.usage)}`];
  parts.push('.SH DESCRIPTION', roffParagraphs(command.summary));
  if (command.description) parts.push(roffParagraphs(command.description));
  if (command.aliases.length) parts.push('.PP', roff(`Also: ${command.aliases.join(', ')}.`));
  if (command.arguments.length) {
    parts.push('.SH ARGUMENTS');
    for (const a of command.arguments) parts.push('.TP', `.I ${roff(a.name)}`, roff(`${a.description}${a.required ? '' : ' (optional)'}`));
  }
  if (command.options.length) parts.push('.SH OPTIONS', ...command.options.map(roffOption));
  if (command.shape) parts.push('.SH JSON', roff(`--json prints, and --jq filters: ${command.shape}`));
  if (command.columns.length) {
    const own = command.columns.filter((c) => !command.field_columns.includes(c));
    parts.push('.SH COLUMNS', roff(`For --columns: ${own.join(', ')}.`));
    if (command.field_columns.length) parts.push('.PP', roff(`Fields also usable as columns: ${command.field_columns.join(', ')}.`));
  }
  parts.push('.SH EXAMPLES', roffExamples(command.examples));
  parts.push(
    '.SH GLOBAL OPTIONS',
    roff('Every global option of gwctl(1) applies too (--json, --jq, --jsonl, --columns, --header, --profile, ...).'),
  );
  parts.push('.SH SEE ALSO', '.BR gwctl (1)');
  return `${parts.join('\n')}\n`;
}

function manRoot() {
  const parts = [
    th('gwctl', 'gwctl'),
    '.SH NAME',
    `gwctl \\- ${roff(model.summary)}`,
    '.SH SYNOPSIS',
    '.B gwctl',
    roff('[global options] <command> [arguments] [options]'),
    '.SH DESCRIPTION',
    roffParagraphs(model.description),
    '.SH COMMANDS',
    ...visible.flatMap((c) => ['.TP', `.B gwctl ${roff(c.path)}`, `${roff(c.summary)}; see`, `.BR ${roff(pageName(c))} (1).`]),
    '.SH GLOBAL OPTIONS',
    roff('They may stand before or after the command.'),
    ...model.global_options.map(roffOption),
    '.SH ENVIRONMENT',
    ...model.environment.flatMap((e) => ['.TP', `.B ${roff(e.name)}`, roff(e.description)]),
    '.SH EXIT STATUS',
    ...model.exit_codes.flatMap((e) => ['.TP', `.B ${e.code}`, roff(e.meaning)]),
    '.SH SEE ALSO',
    visible.map((c) => `.BR ${roff(pageName(c))} (1)`).join(',\n'),
  ];
  return `${parts.join('\n')}\n`;
}

// --- the files

const files = new Map([
  ['docs/reference/README.md', mdIndex()],
  ...visible.map((c) => [`docs/reference/${pageName(c)}.md`, mdCommand(c)]),
  ['man/gwctl.1', manRoot()],
  ...visible.map((c) => [`man/${pageName(c)}.1`, manCommand(c)]),
  ['README.md', pageWithSections('README.md', [['commands', readmeCommands()]])],
  ['docs/sandbox.md', pageWithSections('docs/sandbox.md', [['sandbox-options', sandboxOptions()]])],
  ['docs/agents.md', pageWithSections('docs/agents.md', [['tools', agentTools()]])],
  ['docs/completion.md', pageWithSections('docs/completion.md', [['settings', settingsList(), true]])],
]);

const check = process.argv.includes('--check');
let stale = 0;
const report = (file, why) => {
  if (check) {
    console.error(`gen-docs: ${file} ${why}; run npm run docs`);
    stale++;
  }
};

for (const dir of ['docs/reference', 'man']) {
  mkdirSync(path.join(root, dir), { recursive: true });
  for (const entry of readdirSync(path.join(root, dir))) {
    const file = `${dir}/${entry}`;
    if (files.has(file)) continue;
    report(file, 'is no longer generated');
    if (!check) rmSync(path.join(root, file));
  }
}
for (const [file, text] of files) {
  const full = path.join(root, file);
  if (existsSync(full) && readFileSync(full, 'utf8') === text) continue;
  report(file, existsSync(full) ? 'is stale' : 'is missing');
  if (!check) writeFileSync(full, text);
}

// package.json lists the manual pages, so that npm installs them (`man gwctl-interns-ls`).
const pkgFile = path.join(root, 'package.json');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
const man = [...files.keys()].filter((f) => f.startsWith('man/')).map((f) => `./${f}`);
if (JSON.stringify(pkg.man) !== JSON.stringify(man)) {
  report('package.json', 'lists other manual pages under "man"');
  if (!check) writeFileSync(pkgFile, `${JSON.stringify({ ...pkg, man }, null, 2)}\n`);
}
if (!check) console.log(`gen-docs: ${files.size} files in docs/reference/ and man/`);
process.exit(stale ? 1 : 0);
