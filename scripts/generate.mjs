#!/usr/bin/env node
// @ts-check
// `npm run generate`: every generator, from the vendored OpenAPI documents.
//   node scripts/generate.mjs                       regenerate from spec/
//   node scripts/generate.mjs --check               write nothing; exit 1 when a generated file is stale
//   node scripts/generate.mjs --update-spec <path> [--document service|agent-server]
//                                                   adopt a new document (copy it into spec/, record
//                                                   its SHA-256 and version), then regenerate
// Each generator refuses a document whose SHA-256 differs from the one recorded beside it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DOCUMENTS, isDocumentName, ROOT, updateSpec } from './codegen/spec.mjs';

const GENERATORS = ['scripts/generate-events.mjs', 'scripts/generate-api.mjs'];

const args = process.argv.slice(2);
const known = new Set(['--check', '--update-spec', '--document']);
for (const arg of args) {
  if (arg.startsWith('--') && !known.has(arg)) {
    console.error(`unknown option ${arg} (use --check, or --update-spec <path> [--document <name>])`);
    process.exit(2);
  }
}
const documentAt = args.indexOf('--document');
const name = documentAt >= 0 ? args[documentAt + 1] : 'service';
if (!name || !isDocumentName(name)) {
  console.error(`--document takes one of: ${Object.keys(DOCUMENTS).join(', ')}`);
  process.exit(2);
}
const file = `spec/${DOCUMENTS[name]}`;
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
    const { sha256, version, previous } = updateSpec(source, name);
    console.log(
      previous === sha256
        ? `${file} is already this document (SHA-256 ${sha256})`
        : `${file} is now ${source} (info.version ${version}, SHA-256 ${sha256})`,
    );
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
}

let failed = false;
for (const generator of GENERATORS) {
  const run = spawnSync(process.execPath, [join(ROOT, generator), ...(check ? ['--check'] : [])], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
