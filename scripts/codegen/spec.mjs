// @ts-check
// The vendored OpenAPI documents (spec/service-openapi.json, spec/agent-server-openapi.json) and the
// SHA-256 that pins each (spec/<document>.sha256, in `sha256sum` format). Every generator reads a
// document through readSpec(name), which refuses a document whose hash differs from the recorded
// one; updateSpec() is the one way to change it (`npm run generate -- --update-spec <path>
// [--document agent-server]`).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @import { OpenApiDocument } from './openapi.mjs' */

/** The repository's root folder. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The vendored documents, by name: the service's (`service`, the V1 API, and the events as its
 * older build describes them) and its agent server's at the release the service runs
 * (`agent-server`, whose event models win where the two differ).
 */
export const DOCUMENTS = /** @type {const} */ ({ service: 'service-openapi.json', 'agent-server': 'agent-server-openapi.json' });

/** @typedef {keyof typeof DOCUMENTS} DocumentName */

/**
 * Whether `name` is one of {@link DOCUMENTS}.
 * @param {string} name
 * @returns {name is DocumentName}
 */
export function isDocumentName(name) {
  return Object.hasOwn(DOCUMENTS, name);
}

/** The vendored document's path. */
export const specPath = (name = 'service') => join(ROOT, 'spec', fileName(name));
/** The path of its recorded SHA-256, as `sha256sum` writes it. */
export const hashPath = (name = 'service') => `${specPath(name)}.sha256`;
/** The vendored service document (kept for readers of one document). */
export const SPEC_PATH = specPath('service');
/** The documents' description, whose marked blocks record their versions and hashes. */
export const README_PATH = join(ROOT, 'spec/README.md');

/**
 * The file name of a document, or an error naming the known ones.
 * @param {string} name
 */
function fileName(name) {
  const file = isDocumentName(name) ? DOCUMENTS[name] : undefined;
  if (!file) throw new Error(`unknown document "${name}" (known: ${Object.keys(DOCUMENTS).join(', ')})`);
  return file;
}

const sha256 = (/** @type {Buffer} */ bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * The hash recorded in spec/<document>.sha256.
 * @param {string} [name]
 */
export function recordedHash(name = 'service') {
  const file = fileName(name);
  const line = readFileSync(hashPath(name), 'utf8').trim();
  const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
  if (!match || match[2] !== file) throw new Error(`${hashPath(name)}: expected "<sha256>  ${file}", found ${JSON.stringify(line)}`);
  return /** @type {string} */ (match[1]);
}

/**
 * Reads and parses a document, checking it is an OpenAPI 3.1 document with paths and schemas.
 * @param {Buffer} bytes
 * @param {string} path
 * @returns {OpenApiDocument}
 */
function parseDocument(bytes, path) {
  let document;
  try {
    document = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new Error(`${path} is not JSON: ${/** @type {Error} */ (error).message}`);
  }
  if (typeof document?.openapi !== 'string' || !document.openapi.startsWith('3.1')) {
    throw new Error(`${path} is not an OpenAPI 3.1 document (openapi: ${JSON.stringify(document?.openapi)})`);
  }
  if (!document.paths || !document.components?.schemas) throw new Error(`${path} has no paths or no components.schemas`);
  return document;
}

/**
 * A vendored document (`service` by default), parsed, after checking its hash against the recorded
 * one. Returns `{ document, sha256, version }`.
 * @param {string} [name]
 */
export function readSpec(name = 'service') {
  const file = fileName(name);
  const bytes = readFileSync(specPath(name));
  const actual = sha256(bytes);
  const expected = recordedHash(name);
  if (actual !== expected) {
    throw new Error(
      `spec/${file} has SHA-256 ${actual}, but ${expected} is recorded in spec/${file}.sha256.\n` +
        'Refusing to generate from a document nobody recorded. To adopt a new document, run\n' +
        `  npm run generate -- --update-spec <path-to-new-document>${name === 'service' ? '' : ` --document ${name}`}\n` +
        'which copies it into spec/, records its hash and version, and regenerates the code.',
    );
  }
  const document = parseDocument(bytes, specPath(name));
  return { document, sha256: actual, version: document.info?.version ?? 'unknown' };
}

/**
 * Every vendored document, parsed and checked against its hash, by name.
 * @returns {Record<DocumentName, OpenApiDocument>}
 */
export function readSpecs() {
  const names = /** @type {DocumentName[]} */ (Object.keys(DOCUMENTS));
  return /** @type {Record<DocumentName, OpenApiDocument>} */ (Object.fromEntries(names.map((name) => [name, readSpec(name).document])));
}

/**
 * The block of spec/README.md that records a document's version and hash.
 * @param {string} version
 * @param {string} hash
 * @param {string} [name]
 */
export function readmeBlock(version, hash, name = 'service') {
  return [
    `<!-- spec-info:${name}:start (written by \`npm run generate -- --update-spec\`) -->`,
    `| \`${fileName(name)}\` | \`info.version\` \`${version}\` |`,
    '|---|---|',
    `| SHA-256 | \`${hash}\` |`,
    `<!-- spec-info:${name}:end -->`,
  ].join('\n');
}

const block = (/** @type {string} */ name) => new RegExp(`<!-- spec-info:${name}:start[\\s\\S]*?<!-- spec-info:${name}:end -->`);

/**
 * Whether spec/README.md records the given version and hash of a document.
 * @param {string} version
 * @param {string} hash
 * @param {string} [name]
 */
export function readmeRecords(version, hash, name = 'service') {
  const match = block(name).exec(readFileSync(README_PATH, 'utf8'));
  return match?.[0] === readmeBlock(version, hash, name);
}

/**
 * Adopts a new document (`service` by default): checks it parses as OpenAPI 3.1, copies it byte for
 * byte into spec/, and records its hash (spec/<document>.sha256) and version (spec/README.md).
 * Returns `{ sha256, version, previous }`.
 * @param {string} source
 * @param {string} [name]
 */
export function updateSpec(source, name = 'service') {
  const file = fileName(name);
  const bytes = readFileSync(resolve(source));
  const document = parseDocument(bytes, source);
  const hash = sha256(bytes);
  const version = document.info?.version ?? 'unknown';
  let previous;
  try {
    previous = recordedHash(name);
  } catch {
    previous = undefined;
  }
  writeFileSync(specPath(name), bytes);
  writeFileSync(hashPath(name), `${hash}  ${file}\n`);
  const readme = readFileSync(README_PATH, 'utf8');
  if (!block(name).test(readme)) throw new Error(`${README_PATH} has no spec-info block for ${name} to update`);
  writeFileSync(README_PATH, readme.replace(block(name), readmeBlock(version, hash, name)));
  return { sha256: hash, version, previous };
}
