// Checks the imports between the areas of src/ (docs/architecture.md, "Areas and entries"): an area
// imports only areas below it in ORDER, and another area only through one of its entry files;
// src/internal/ is shared by every area, may be imported anywhere in it, and imports no area.
// Biome's noRestrictedImports (biome.json) reports a deep import as it is typed; this script
// resolves every relative specifier to its file, so it also holds the order, which Biome cannot
// express without repeating every pattern for each area. Run by `npm run lint`; prints the
// violations and exits with 1 when there are any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The areas from the bottom up: an area may import the areas of lower levels only. */
export const ORDER = [
  ['internal'],
  ['events'],
  ['stores', 'api'],
  ['webhooks'],
  ['skills'],
  ['plugins'],
  ['validate'],
  ['viewer'],
  ['cli'],
];

/** Entries that are not a published subpath: what an area shares with the others inside the package. */
const INTERNAL_ENTRY = 'internal.ts';

const level = new Map(ORDER.flatMap((areas, index) => areas.map((area) => [area, index])));

/**
 * The published entries (package.json `exports`, as their source files) and every `src/<area>/internal.ts`.
 * @param {string} root
 * @returns {Set<string>}
 */
export function entryFiles(root) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entries = new Set();
  for (const target of Object.values(manifest.exports)) {
    const file = /** @type {{ import?: { default?: unknown } } | string} */ (target);
    const path = typeof file === 'string' ? undefined : file.import?.default;
    if (typeof path === 'string' && path.startsWith('./dist/')) entries.add(path.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
  }
  for (const area of level.keys()) {
    if (existsSync(join(root, 'src', area, INTERNAL_ENTRY))) entries.add(`src/${area}/${INTERNAL_ENTRY}`);
  }
  return entries;
}

/**
 * @param {string} folder
 * @returns {Generator<string>}
 */
function* sourceFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/gm;

/**
 * The file a relative specifier names (`x` → `x.ts` or `x/index.ts`), or the path itself when none exists.
 * @param {string} file
 * @param {string} specifier
 */
function resolveSpecifier(file, specifier) {
  const base = resolve(dirname(file), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

/**
 * The area of a path relative to the root: `src/<area>/…`; `null` for the root entry and outside src/.
 * @param {string} path
 */
function areaOf(path) {
  const parts = path.split('/');
  return parts[0] === 'src' && parts.length > 2 ? (parts[1] ?? null) : null;
}

/**
 * @param {string} text
 * @param {number} index
 */
function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/**
 * Every violation under `root`/src, as `file:line message` lines.
 * @param {string} root
 * @returns {string[]}
 */
export function checkImports(root) {
  const entries = entryFiles(root);
  const problems = [];
  for (const absolute of sourceFiles(join(root, 'src'))) {
    const file = relative(root, absolute).split(sep).join('/');
    // The root entry (src/index.ts) sits above every area: it may import their entries and src/internal/.
    const from = areaOf(file) ?? 'root';
    const text = readFileSync(absolute, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const target = relative(root, resolveSpecifier(absolute, match[1] ?? '.'))
        .split(sep)
        .join('/');
      const to = areaOf(target);
      if (to === null || to === from) continue;
      const where = `${file}:${lineOf(text, match.index ?? 0)}`;
      if (from === 'root') {
        if (to !== 'internal' && !entries.has(target)) problems.push(`${where} imports ${target}: the root entry imports entries only`);
      } else if (!level.has(to)) {
        problems.push(`${where} imports ${target}: ${to} is not an area of ORDER in scripts/check-imports.mjs`);
      } else if (!level.has(from)) {
        problems.push(`${where} is in ${from}, not an area of ORDER in scripts/check-imports.mjs`);
      } else if (Number(level.get(to)) >= Number(level.get(from))) {
        problems.push(
          `${where} imports ${to}, which is not below ${from} (areas from the bottom up: ${ORDER.map((a) => a.join('/')).join(' < ')})`,
        );
      } else if (to !== 'internal' && !entries.has(target)) {
        const choices = [...entries].filter((entry) => areaOf(entry) === to);
        problems.push(`${where} imports ${target}, a file private to ${to}: import it from ${choices.join(' or ')}`);
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkImports(resolve(dirname(fileURLToPath(import.meta.url)), '..'));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `${problems.length} import${problems.length === 1 ? '' : 's'} across areas break the rules of docs/architecture.md (Areas and entries).`,
    );
    process.exitCode = 1;
  }
}
