#!/usr/bin/env node
// `npm run bench`: bundles the TypeScript benchmarks with esbuild and runs them with Node.
// Results go to docs/benchmarks.md. No timing assertion lives in the test suite.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
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
const out = join(cache, 'bench.mjs');
await build({
  entryPoints: [join(root, 'bench/main.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: out,
  external: ['autocannon', 'esbuild', 'yaml', 'simple-git'],
  logLevel: 'warning',
});
// The bundle cannot find the vendored document relative to itself: name it.
const env = { ...process.env, AGENTWIRE_OPENAPI: join(root, 'spec/service-openapi.json') };

// The decode figures vary with how V8 optimizes each process: take each in several processes.
const processes = args.includes('--quick') ? 1 : 5;
const samples = [];
for (let i = 0; i < processes; i++) {
  const sample = spawnSync(process.execPath, ['--expose-gc', out, '--decode-only'], { cwd: root, env, encoding: 'utf8' });
  if (sample.status !== 0) {
    process.stderr.write(sample.stderr);
    process.exit(sample.status ?? 1);
  }
  samples.push(JSON.parse(sample.stdout));
  console.log(`decode sample ${i + 1}/${processes}`);
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const combined = {
  corpusSize: samples[0].corpusSize,
  rows: samples[0].rows.map((row, r) => ({
    ...row,
    rate: median(samples.map((sample) => sample.rows[r].rate)),
    ...(row.ratio === undefined ? {} : { ratio: median(samples.map((sample) => sample.rows[r].ratio)) }),
  })),
};
const run = spawnSync(process.execPath, ['--expose-gc', out, ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, AGENTWIRE_BENCH_DECODE: JSON.stringify(combined), AGENTWIRE_BENCH_PROCESSES: String(processes) },
});
process.exit(run.status ?? 1);
