// npm's `prepare` step: builds dist/ when it is missing. npm runs it after `npm install` in a clone
// and when agentwire is installed from its git repository (`npm install github:…#<tag>`), which
// ships no dist/; a clone that already has a build keeps it (`npm run build` rebuilds).
//
// `node scripts/prepare.mjs --cli-only` builds the command line alone (dist/cli/main.js, with the
// library code it uses and no declarations), for the GitHub Action (action.yml): that build needs
// tsup only, not TypeScript, the type packages and esbuild of the full build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cliOnly = process.argv.slice(2).includes('--cli-only');
if (!existsSync(new URL('../dist/cli/main.js', import.meta.url))) {
  if (cliOnly) {
    // tsup.config.ts, with the entries and the declarations overridden; tsup reads it from the
    // working folder.
    process.chdir(root);
    const { build } = await import('tsup');
    await build({ entry: { 'cli/main': 'src/cli/main.ts' }, format: ['esm'], dts: false });
  } else {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const run = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    process.exit(run.status ?? 1);
  }
}
