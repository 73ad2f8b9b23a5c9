// The fields that are column names come from the schemas (scripts/gen-fields.mjs writes them
// into src/api/fields.generated.ts): strings, numbers, booleans and null, never objects or lists.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESOURCE_FIELDS } from '../../src/api/fields.generated.js';
import { commands } from '../../src/cli/registry.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('the fields usable as columns', () => {
  it('are what gen-fields derives from src/api/schemas (else run npm run registry)', () => {
    expect(() => execFileSync(process.execPath, [path.join(root, 'scripts/gen-fields.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('leave out what is not a string, number, boolean or null (objects, lists)', () => {
    expect(Object.keys(RESOURCE_FIELDS.Intern)).not.toContain('progress');
    expect(Object.keys(RESOURCE_FIELDS.ByokCredential)).not.toContain('allowed_models');
    expect(Object.keys(RESOURCE_FIELDS.PrivateEndpoint)).not.toContain('pricing');
    expect(Object.keys(RESOURCE_FIELDS.VaultSecret)).not.toContain('hosts');
    expect(RESOURCE_FIELDS.Intern.created_at).toBe('time');
    expect(RESOURCE_FIELDS.ByokCredential.disabled).toBe('boolean');
  });

  it('are offered by every list and detail view of a resource', () => {
    const of = (path: string) => commands.get(path)!.fields;
    expect(of('interns ls')).toBe(RESOURCE_FIELDS.Intern);
    expect(of('interns get')).toBe(RESOURCE_FIELDS.Intern);
    expect(of('byok ls')).toBe(RESOURCE_FIELDS.ByokCredential);
    expect(of('budgets ls')).toBe(RESOURCE_FIELDS.WorkspaceBudget);
    expect(of('vault secrets')).toBe(RESOURCE_FIELDS.VaultSecret);
    expect(of('endpoints get')).toBe(RESOURCE_FIELDS.PrivateEndpoint);
    expect(of('tools get')).toBe(RESOURCE_FIELDS.ServerTool);
  });
});
