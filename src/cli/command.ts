// One command as the registry holds it: the spec (data, loaded with the registry) and the loader
// of its implementation, typed together so that a run file typed from another spec does not
// compile where the pair is named (commands.generated.ts).
import type { RunFor } from '../commands/context.js';
import type { WriteOperation } from '../commands/shared/write.js';
import type { AnySpec } from '../core/spec.js';

/** A command's implementation: its run, and for a command that changes something its operation (shared/write.ts). */
export interface Implementation {
  run: RunFor<AnySpec>;
  write?: WriteOperation;
}

/** What a spec's implementation module must export: a write tool's its operation too, or the pair does not compile. */
type ImplementationOf<S extends AnySpec> = { run: RunFor<NoInfer<S>> } & (S extends { tool: 'write' }
  ? { write: WriteOperation }
  : unknown);

export interface Command {
  /** The spec's file under src/commands, without `.ts`: `interns/suspend`. */
  readonly file: string;
  readonly spec: AnySpec;
  readonly load: () => Promise<Implementation>;
}

export function command<S extends AnySpec>(file: string, spec: S, load: () => Promise<ImplementationOf<S>>): Command {
  // Stored at the registry's view of specs: the link was checked above, where both are known.
  return { file, spec, load: load as unknown as Command['load'] };
}
