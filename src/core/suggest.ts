// A command line a message suggests (a "next page" hint, a 401's `run 'gwctl auth login'`) goes
// where the run that suggests it went: it repeats the run's target options (`--profile ops`,
// `--sandbox`, `--base-url URL` given as a flag; cli/command-line.ts reads them). They stand at
// the end, where a global option is always the global one: no command takes their names.

/** `gwctl interns ls --starting-after c1` with the run's target options after it. */
export function suggested(command: string, target: readonly string[]): string {
  return target.length === 0 ? command : `${command} ${target.join(' ')}`;
}

/** A word a POSIX shell reads back as it is: plain, or in single quotes. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
