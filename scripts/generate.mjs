#!/usr/bin/env node
// `npm run generate`: every generator, from the vendored OpenAPI document.
//   node scripts/generate.mjs                       regenerate from spec/service-openapi.json
//   node scripts/generate.mjs --check               write nothing; exit 1 when a generated file is stale
//   node scripts/generate.mjs --update-spec <path>  adopt a new document (copy it into spec/, record
//                                                   its SHA-256 and version), then regenerate
// Each generator refuses a document whose SHA-256 differs from spec/service-openapi.json.sha256.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, updateSpec } from './codegen/spec.mjs';

const GENERATORS = ['scripts/generate-events.mjs', 'scripts/generate-api.mjs'];

const args = process.argv.slice(2);
const known = new Set(['--check', '--update-spec']);
for (const arg of args) {
  if (arg.startsWith('--') && !known.has(arg)) {
    console.error(`unknown option ${arg} (use --check or --update-spec <path>)`);
    process.exit(2);
  }
}
const check = args.includes('--check');
const at = args.indexOf('--update-spec');
if (at >= 0) {
  const source = args[at + 1];
  if (!source || source.startsWith('--')) {
    console.error('--update-spec needs the path of the new OpenAPI document');
    process.exit(2);
  }
  if (check) {
    console.error('--update-spec and --check do not go together: --check writes nothing');
    process.exit(2);
  }
  try {
    const { sha256, version, previous } = updateSpec(source);
    console.log(
      previous === sha256
        ? `spec/service-openapi.json is already this document (SHA-256 ${sha256})`
        : `spec/service-openapi.json is now ${source} (info.version ${version}, SHA-256 ${sha256})`,
    );
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

let failed = false;
for (const generator of GENERATORS) {
  const run = spawnSync(process.execPath, [join(ROOT, generator), ...(check ? ['--check'] : [])], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
