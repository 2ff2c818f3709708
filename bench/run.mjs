#!/usr/bin/env node
// `npm run bench`: bundles the TypeScript benchmarks with esbuild and runs them with Node.
// Results go to docs/benchmarks.md. No timing assertion lives in the test suite.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the project, so the bundle resolves the installed packages.
const cache = join(root, 'node_modules/.cache/agentwire-bench');
mkdirSync(cache, { recursive: true });
const out = join(cache, 'bench.mjs');
await build({
  entryPoints: [join(root, 'bench/main.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: out,
  external: ['autocannon', 'esbuild'],
  logLevel: 'warning',
});
const env = { ...process.env, AGENTWIRE_OPENAPI: join(root, '../shared/reference/service-openapi.json') };
const run = spawnSync(process.execPath, ['--expose-gc', out, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
process.exit(run.status ?? 1);
