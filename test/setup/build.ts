import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Builds dist/ so every end-to-end test runs the same binary a user would. */
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '..', '..');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
}
