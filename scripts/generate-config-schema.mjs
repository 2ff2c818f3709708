#!/usr/bin/env node
// Writes the JSON Schema of `agentwire validate`'s configuration file from its Valibot schema and
// the rule catalog (src/validate/config/json-schema.ts) to schema/agentwire.config.schema.json,
// which the package publishes as `agentwire/config.schema.json`.
//   node scripts/generate-config-schema.mjs [--check]
// --check writes nothing and exits 1 when the file differs from a fresh generation.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCHEMA = 'schema/agentwire.config.schema.json';
// Inside the project, so the bundle resolves the installed packages.
const cache = join(root, 'node_modules/.cache/agentwire-config-schema');
mkdirSync(cache, { recursive: true });
const out = join(cache, `json-schema-${process.pid}.mjs`);
await build({
  entryPoints: [join(root, 'src/validate/config/json-schema.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: out,
  packages: 'external',
  logLevel: 'warning',
});
const { configJsonSchema } = await import(pathToFileURL(out).href);
const fresh = `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
const path = join(root, SCHEMA);
let current = '';
try {
  current = readFileSync(path, 'utf8');
} catch {}
if (current === fresh) console.log(`${SCHEMA} is up to date.`);
else if (process.argv.includes('--check')) {
  console.error(`${SCHEMA} is out of date: run \`npm run docs:rules\` (after a rule is added or changed) and commit the result.`);
  process.exit(1);
} else {
  mkdirSync(join(root, 'schema'), { recursive: true });
  writeFileSync(path, fresh);
  console.log(`${SCHEMA} updated.`);
}
