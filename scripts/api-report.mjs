#!/usr/bin/env node
// @ts-check
// The public API report: every name each entry point of the BUILT package exports, with its kind,
// read from the declarations the package's `exports` map points at (`npm run build` first), into
// docs/api-report.md. A change of the public surface shows there as a diff to review.
//   node scripts/api-report.mjs            write docs/api-report.md
//   node scripts/api-report.mjs --check    write nothing; exit 1, with the differences, when the
//                                          checked-in report differs from the built package's
//   --report <file>                        another report file than docs/api-report.md
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPORT = 'docs/api-report.md';

/** @typedef {{ name: string, kind: string }} ExportedName */
/** @typedef {{ subpath: string, names: ExportedName[] }} EntryReport */

/**
 * The declaration file of each entry point, for one condition of the `exports` map.
 * @param {Record<string, unknown>} exportsMap
 * @param {'import' | 'require'} condition
 * @returns {{ subpath: string, file: string }[]}
 */
function entryDeclarations(exportsMap, condition) {
  const entries = [];
  for (const [key, target] of Object.entries(exportsMap)) {
    if (typeof target !== 'object' || target === null) continue;
    const types = /** @type {Record<string, { types?: string }>} */ (target)[condition]?.types;
    if (typeof types !== 'string') throw new Error(`exports["${key}"].${condition} has no "types"`);
    entries.push({ subpath: key === '.' ? 'agentwire' : `agentwire/${key.slice(2)}`, file: join(ROOT, types) });
  }
  return entries;
}

/**
 * The kind of an exported symbol: what its declarations are (`function`, `class`, `interface`,
 * `type`, `const`, `enum`, `namespace`…), joined with ` + ` when one name has several meanings. A
 * value re-exported with `export type` is usable as a type only, and says so.
 * @param {ts.TypeChecker} checker
 * @param {ts.Symbol} symbol
 */
function kindOf(checker, symbol) {
  let target = symbol;
  let typeOnly = false;
  while (target.flags & ts.SymbolFlags.Alias) {
    if (target.declarations?.some((declaration) => ts.isTypeOnlyImportOrExportDeclaration(declaration))) typeOnly = true;
    const next = checker.getImmediateAliasedSymbol(target);
    if (!next) break;
    target = next;
  }
  const flags = target.flags;
  const kinds = [];
  if (flags & ts.SymbolFlags.Class) kinds.push('class');
  if (flags & ts.SymbolFlags.Function) kinds.push('function');
  if (flags & ts.SymbolFlags.Enum) kinds.push('enum');
  if (flags & ts.SymbolFlags.Variable) {
    const declaration = target.declarations?.find(ts.isVariableDeclaration);
    const list = declaration?.parent;
    const constant = list && ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const;
    kinds.push(constant ? 'const' : 'let');
  }
  if (flags & ts.SymbolFlags.Interface && !(flags & ts.SymbolFlags.Class)) kinds.push('interface');
  if (flags & ts.SymbolFlags.TypeAlias) kinds.push('type');
  if (flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) kinds.push('namespace');
  if (kinds.length === 0) kinds.push('unknown');
  const hasValue = (flags & ts.SymbolFlags.Value) !== 0;
  return `${kinds.join(' + ')}${typeOnly && hasValue ? ' (type only)' : ''}`;
}

/** Case-insensitive order, then code-unit order: the same on every machine. */
function compareNames(/** @type {string} */ a, /** @type {string} */ b) {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Every exported name of every entry point, for each condition of the `exports` map (one program
 * reads both sets of declarations).
 * @param {Record<string, unknown>} exportsMap
 * @returns {Record<'import' | 'require', EntryReport[]>}
 */
function readEntries(exportsMap) {
  const esm = entryDeclarations(exportsMap, 'import');
  const commonJs = entryDeclarations(exportsMap, 'require');
  for (const { file } of [...esm, ...commonJs]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const program = ts.createProgram(
    [...esm, ...commonJs].map((entry) => entry.file),
    {
      noEmit: true,
      strict: true,
      skipLibCheck: true,
      types: [],
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    },
  );
  const checker = program.getTypeChecker();
  /** @param {{ subpath: string, file: string }[]} entries */
  const read = (entries) =>
    entries.map(({ subpath, file }) => {
      const source = program.getSourceFile(file);
      const module = source && checker.getSymbolAtLocation(source);
      if (!module) throw new Error(`${file}: not a module`);
      const names = checker
        .getExportsOfModule(module)
        .map((symbol) => ({ name: symbol.getName(), kind: kindOf(checker, symbol) }))
        .sort((a, b) => compareNames(a.name, b.name));
      return { subpath, names };
    });
  return { import: read(esm), require: read(commonJs) };
}

/** @param {string} name */
const code = (name) => `\`${name}\``;

/**
 * The report's text.
 * @param {EntryReport[]} entries
 */
function render(entries) {
  const homes = new Map();
  for (const { subpath, names } of entries) {
    for (const { name } of names) homes.set(name, [...(homes.get(name) ?? []), subpath]);
  }
  const shared = [...homes].filter(([, subpaths]) => subpaths.length > 1).sort(([a], [b]) => compareNames(a, b));
  const lines = [
    '# Public API report',
    '',
    '<!-- Written by `node scripts/api-report.mjs` from the built package; do not edit by hand. -->',
    '',
    "Every name each entry point of the package exports, with its kind, read from the built declarations that the package's",
    '`exports` map points at (`dist/**/*.d.ts`; the CommonJS declarations must list the same names). A change of the public',
    'surface shows here as a diff to review: `npm run build && npm run api-report` rewrites this file, and',
    '`node scripts/api-report.mjs --check` (run by `test/api-report.test.ts`) fails while it differs from the build.',
    '',
    'Kinds: `function`, `class`, `interface`, `type` (a type alias), `const`, `let`, `enum`, `namespace`; a value exported with',
    '`export type` is marked "(type only)".',
    '',
    '| entry point | names |',
    '|---|---|',
    ...entries.map(({ subpath, names }) => `| ${code(subpath)} | ${names.length} |`),
    '',
    '## Names exported by more than one entry point',
    '',
    ...(shared.length === 0
      ? ['None: every name has one home.']
      : [
          '| name | entry points |',
          '|---|---|',
          ...shared.map(([name, subpaths]) => `| ${code(name)} | ${subpaths.map(code).join(', ')} |`),
        ]),
  ];
  for (const { subpath, names } of entries) {
    lines.push(
      '',
      `## ${code(subpath)}`,
      '',
      '| name | kind |',
      '|---|---|',
      ...names.map(({ name, kind }) => `| ${code(name)} | ${kind} |`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The differences between two reports, section by section: `-` a line only the checked-in report
 * has, `+` a line only the fresh one has, under the heading of its section.
 * @param {string} before
 * @param {string} after
 */
function describeDifferences(before, after) {
  /** @param {string} text */
  const sections = (text) => {
    /** @type {Map<string, string[]>} */
    const map = new Map();
    let heading = '(preamble)';
    for (const line of text.split('\n')) {
      if (line.startsWith('## ')) heading = line;
      else map.set(heading, [...(map.get(heading) ?? []), line]);
    }
    return map;
  };
  const old = sections(before);
  const fresh = sections(after);
  const out = [];
  for (const heading of new Set([...old.keys(), ...fresh.keys()])) {
    const was = old.get(heading) ?? [];
    const now = fresh.get(heading) ?? [];
    const removed = was.filter((line) => line !== '' && !now.includes(line));
    const added = now.filter((line) => line !== '' && !was.includes(line));
    if (removed.length === 0 && added.length === 0 && was.join('\n') === now.join('\n')) continue;
    out.push(heading, ...removed.map((line) => `- ${line}`), ...added.map((line) => `+ ${line}`));
    if (removed.length === 0 && added.length === 0) out.push('  (the same lines, in another order)');
  }
  return out.join('\n');
}

const args = process.argv.slice(2);
let check = false;
let reportPath = join(ROOT, REPORT);
const shown = () => relative(ROOT, reportPath) || reportPath;
for (let index = 0; index < args.length; index++) {
  const arg = args[index];
  if (arg === '--check') check = true;
  else if (arg === '--report' && args[index + 1]) reportPath = args[++index] ?? reportPath;
  else {
    console.error(`unknown argument ${arg} (use --check and --report <file>)`);
    process.exit(2);
  }
}
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const { import: entries, require: commonJs } = readEntries(manifest.exports);
const mismatch = describeDifferences(render(commonJs), render(entries));
if (mismatch !== '') {
  console.error(`The CommonJS declarations export other names than the ESM ones (- CommonJS, + ESM):\n${mismatch}`);
  process.exit(1);
}
const report = render(entries);
const current = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '';
if (check) {
  if (current === report) {
    console.log(`${shown()} is up to date.`);
  } else {
    console.error(
      `${shown()} differs from the built package (- checked in, + built). Review the change, then run \`node scripts/api-report.mjs\`:\n` +
        describeDifferences(current, report),
    );
    process.exit(1);
  }
} else if (current === report) {
  console.log(`${shown()} is up to date.`);
} else {
  writeFileSync(reportPath, report);
  console.log(`Wrote ${shown()}.`);
}
