// One command as the registry holds it: the spec (data, loaded with the registry) and the loader
// of its implementation, typed together so that a run file typed from another spec does not
// compile where the pair is named (commands.generated.ts).
import type { RunFor } from '../commands/context.js';
import type { AnySpec } from '../core/spec.js';

export interface Command {
  /** The spec's file under src/commands, without `.ts`: `interns/suspend`. */
  readonly file: string;
  readonly spec: AnySpec;
  readonly load: () => Promise<{ run: RunFor<AnySpec> }>;
}

export function command<S extends AnySpec>(file: string, spec: S, load: () => Promise<{ run: RunFor<NoInfer<S>> }>): Command {
  // Stored at the registry's view of specs: the link was checked above, where both are known.
  return { file, spec, load: load as unknown as Command['load'] };
}
