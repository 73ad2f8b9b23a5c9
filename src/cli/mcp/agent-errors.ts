// A command's error as an agent calling its tool reads it. The command speaks to a person at a
// terminal: it names flags, a command line to type in its place ('gwctl interns get <id>'), the
// picker or stdin. A tool's caller has none of these: it has the tool and its inputs. So a flag
// the tool takes becomes its input's name, a command line standing for this call becomes the
// inputs to give, and another command (setting a default) is named for the person, as such.
import { GwctlError } from '../../core/errors.js';
import { commands } from '../registry.js';
import { snakeCase, type GwctlTool } from './tools.js';

/** A command line quoted in a hint: 'gwctl budgets ls <workspace>'. */
const QUOTED_COMMAND = /'(gwctl [^']+)'/g;

/** What only a terminal has. */
const TERMINAL_ONLY = /\b(picker|terminal|stdin)\b/;

export function forAgent(tool: GwctlTool, failure: GwctlError): GwctlError {
  const properties = Object.keys(tool.definition.inputSchema.properties ?? {});
  const message = inputNames(failure.message, properties);
  const hint = failure.hint === undefined ? undefined : agentHint(tool, failure.hint, properties);
  if (message === failure.message && hint === failure.hint) return failure;
  const { status, code, reason, retryable, details } = failure;
  return new GwctlError(message, failure.exitCode, { status, code, reason, retryable, hint, details: details && { ...details } });
}

/**
 * A command line that is also a tool (`check with: gwctl interns get 1234`) as that tool and its
 * input (`check with: interns_get with id: 1234`); any other command is left for the person.
 */
export function asToolCalls(text: string): string {
  return text.replace(/\bgwctl ([a-z]+) ([a-z]+)((?: [^\s,;'"]+)*)/g, (whole, group: string, verb: string, rest: string) => {
    const spec = commands.get(`${group} ${verb}`);
    if (spec?.tool === undefined) return whole;
    const words = rest.trim().split(' ').filter(Boolean);
    const argKey = Object.keys(spec.args)[0];
    const tool = `${group}_${verb}`;
    return words.length > 0 && argKey !== undefined ? `${tool} with ${snakeCase(argKey)}: ${words.join(' ')}` : tool;
  });
}

/** `--starting-after` as the input a tool takes for it (`starting_after`), and no stdin. */
function inputNames(text: string, properties: readonly string[]): string {
  return text.replace(/, - to read them from stdin,/g, ',').replace(/--([a-z][a-z0-9-]*)/g, (flag, name: string) => {
    const input = name.replace(/-/g, '_');
    return properties.includes(input) ? input : flag;
  });
}

function agentHint(tool: GwctlTool, hint: string, properties: readonly string[]): string {
  const own = `gwctl ${tool.spec.path.join(' ')}`;
  const commands = [...hint.matchAll(QUOTED_COMMAND)].map((m) => m[1]!);
  const standsForCall = commands.some((c) => c === own || c.startsWith(`${own} `));
  if (!standsForCall && !TERMINAL_ONLY.test(hint)) return asToolCalls(inputNames(hint, properties));
  // The inputs the command line's placeholders stand for (`<workspace>`), else the required ones.
  const placeholders = commands
    .filter((c) => c.startsWith(own))
    .flatMap((c) => [...c.matchAll(/<([a-z-]+)>/g)].map((m) => snakeCase(m[1]!.replace(/-/g, '_'))))
    // `<id>` of a command that takes many stands for the tool's `ids`.
    .map((name) => (properties.includes(name) ? name : `${name}s`))
    .filter((name) => properties.includes(name));
  const required = (tool.definition.inputSchema.required ?? []).filter((name) => properties.includes(name));
  const inputs = placeholders.length > 0 ? placeholders : required;
  const give = inputs.length > 0 ? `give ${tool.name} its input ${inputs.join(', ')}` : `see ${tool.name}'s inputs`;
  const forPerson = commands.filter((c) => !c.startsWith(own));
  return forPerson.length > 0 ? `${give}; or the person can run: ${forPerson.join('; ')}` : give;
}
