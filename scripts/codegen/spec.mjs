// The vendored OpenAPI document (spec/service-openapi.json) and the SHA-256 that pins it
// (spec/service-openapi.json.sha256, in `sha256sum` format). Every generator reads the document
// through readSpec(), which refuses a document whose hash differs from the recorded one;
// updateSpec() is the one way to change it (`npm run generate -- --update-spec <path>`).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The vendored document. */
export const SPEC_PATH = join(ROOT, 'spec/service-openapi.json');
/** Its recorded SHA-256, as `sha256sum` writes it. */
export const HASH_PATH = `${SPEC_PATH}.sha256`;
/** The document's description, whose marked block records its version and hash. */
export const README_PATH = join(ROOT, 'spec/README.md');

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The hash recorded in spec/service-openapi.json.sha256. */
export function recordedHash() {
  const line = readFileSync(HASH_PATH, 'utf8').trim();
  const match = /^([0-9a-f]{64}) {2}service-openapi\.json$/.exec(line);
  if (!match) throw new Error(`${HASH_PATH}: expected "<sha256>  service-openapi.json", found ${JSON.stringify(line)}`);
  return match[1];
}

/** Reads and parses a document, checking it is an OpenAPI 3.1 document with paths and schemas. */
function parseDocument(bytes, path) {
  let document;
  try {
    document = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new Error(`${path} is not JSON: ${error.message}`);
  }
  if (typeof document?.openapi !== 'string' || !document.openapi.startsWith('3.1')) {
    throw new Error(`${path} is not an OpenAPI 3.1 document (openapi: ${JSON.stringify(document?.openapi)})`);
  }
  if (!document.paths || !document.components?.schemas) throw new Error(`${path} has no paths or no components.schemas`);
  return document;
}

/**
 * The vendored document, parsed, after checking its hash against the recorded one. Returns
 * `{ document, sha256, version }`.
 */
export function readSpec() {
  const bytes = readFileSync(SPEC_PATH);
  const actual = sha256(bytes);
  const expected = recordedHash();
  if (actual !== expected) {
    throw new Error(
      `spec/service-openapi.json has SHA-256 ${actual}, but ${expected} is recorded in spec/service-openapi.json.sha256.\n` +
        'Refusing to generate from a document nobody recorded. To adopt a new document, run\n' +
        '  npm run generate -- --update-spec <path-to-new-document>\n' +
        'which copies it into spec/, records its hash and version, and regenerates the code.',
    );
  }
  const document = parseDocument(bytes, SPEC_PATH);
  return { document, sha256: actual, version: document.info?.version ?? 'unknown' };
}

/** The block of spec/README.md that records the document's version and hash. */
export function readmeBlock(version, hash) {
  return [
    '<!-- spec-info:start (written by `npm run generate -- --update-spec`) -->',
    `| \`info.version\` | \`${version}\` |`,
    '|---|---|',
    `| SHA-256 | \`${hash}\` |`,
    '<!-- spec-info:end -->',
  ].join('\n');
}

const BLOCK = /<!-- spec-info:start[\s\S]*?<!-- spec-info:end -->/;

/** Whether spec/README.md records the given version and hash. */
export function readmeRecords(version, hash) {
  const match = BLOCK.exec(readFileSync(README_PATH, 'utf8'));
  return match?.[0] === readmeBlock(version, hash);
}

/**
 * Adopts a new document: checks it parses as OpenAPI 3.1, copies it byte for byte into spec/,
 * and records its hash (spec/service-openapi.json.sha256) and version (spec/README.md).
 * Returns `{ sha256, version, previous }`.
 */
export function updateSpec(source) {
  const bytes = readFileSync(resolve(source));
  const document = parseDocument(bytes, source);
  const hash = sha256(bytes);
  const version = document.info?.version ?? 'unknown';
  const previous = recordedHash();
  writeFileSync(SPEC_PATH, bytes);
  writeFileSync(HASH_PATH, `${hash}  service-openapi.json\n`);
  const readme = readFileSync(README_PATH, 'utf8');
  if (!BLOCK.test(readme)) throw new Error(`${README_PATH} has no spec-info block to update`);
  writeFileSync(README_PATH, readme.replace(BLOCK, readmeBlock(version, hash)));
  return { sha256: hash, version, previous };
}
