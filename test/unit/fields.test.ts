// The fields that are column names come from the schemas (scripts/gen-fields.mjs writes them
// into src/api/fields.generated.ts): strings, numbers, booleans and null, never objects or lists.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BYOK_CREDENTIAL_FIELDS,
  INTERN_FIELDS,
  PRIVATE_ENDPOINT_FIELDS,
  SERVER_TOOL_FIELDS,
  VAULT_SECRET_FIELDS,
  WORKSPACE_BUDGET_FIELDS,
} from '../../src/api/fields.generated.js';
import { commands } from '../../src/cli/registry.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('the fields usable as columns', () => {
  it('are what gen-fields derives from src/api/schemas (else run npm run registry)', () => {
    expect(() => execFileSync(process.execPath, [path.join(root, 'scripts/gen-fields.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('leave out what is not a string, number, boolean or null (objects, lists)', () => {
    expect(Object.keys(INTERN_FIELDS)).not.toContain('progress');
    expect(Object.keys(BYOK_CREDENTIAL_FIELDS)).not.toContain('allowed_models');
    expect(Object.keys(PRIVATE_ENDPOINT_FIELDS)).not.toContain('pricing');
    expect(Object.keys(VAULT_SECRET_FIELDS)).not.toContain('hosts');
    expect(INTERN_FIELDS.created_at).toBe('time');
    expect(BYOK_CREDENTIAL_FIELDS.disabled).toBe('boolean');
  });

  it('are offered by every list and detail view of a resource', () => {
    const of = (path: string) => commands.get(path)!.fields;
    expect(of('interns ls')).toBe(INTERN_FIELDS);
    expect(of('interns get')).toBe(INTERN_FIELDS);
    expect(of('byok ls')).toBe(BYOK_CREDENTIAL_FIELDS);
    expect(of('budgets ls')).toBe(WORKSPACE_BUDGET_FIELDS);
    expect(of('vault secrets')).toBe(VAULT_SECRET_FIELDS);
    expect(of('endpoints get')).toBe(PRIVATE_ENDPOINT_FIELDS);
    expect(of('tools get')).toBe(SERVER_TOOL_FIELDS);
  });
});
