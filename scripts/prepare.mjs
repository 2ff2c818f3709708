// npm's `prepare` step: builds dist/ when it is missing. npm runs it after `npm install` in a clone
// and when agentwire is installed from its git repository (`npm install github:…#<tag>`), which
// ships no dist/; a clone that already has a build keeps it (`npm run build` rebuilds).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(new URL('../dist/cli/main.js', import.meta.url))) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
