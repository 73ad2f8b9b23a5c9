// The account's workspaces. `production` is the account's default workspace: the one the API
// keys belong to, the one BYOK lists when no workspace_id is given, and the one every intern
// lives in. `staging` exists so that filters and "not the key's workspace" can be shown.

export interface Workspace {
  id: string;
  slug: string;
  name: string;
  include_byok_in_budgets: boolean;
}

export const PRODUCTION: Workspace = {
  id: '3f6c2a1e-8b4d-4c7a-9e15-2d8f0b6a7c31',
  slug: 'production',
  name: 'Production',
  include_byok_in_budgets: false,
};

export const STAGING: Workspace = {
  id: 'a81d4e2b-5c3f-4a9e-b7d0-6e1f2c9a8b54',
  slug: 'staging',
  name: 'Staging',
  include_byok_in_budgets: true,
};

export const WORKSPACES: readonly Workspace[] = [PRODUCTION, STAGING];

/** By UUID (any case) or slug. */
export function findWorkspace(ref: string): Workspace | undefined {
  const lower = ref.toLowerCase();
  return WORKSPACES.find((w) => w.id === lower || w.slug === ref);
}

/** The user behind the demo keys: creator of presets, owner in error bodies. */
export const SANDBOX_USER_ID = 'user_sandbox_0001';
