import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/built';
import { createPackedProject, type PackedProject } from './helpers/packed';

// The budget of the published tarball. Today (no source maps, one copy of the library) it packs
// to the figure the README gives (checked below); a source map or a second bundled copy of the
// library would each break it. The agent-server client's generated types (ESM and CommonJS
// declarations of `agentwire/api`) took it past 720 KiB packed; the configuration, fixes and
// baselines of `validate` (their code in both builds, and the config's JSON Schema) past 800 KiB.
const BUDGET = { packed: 900 * 1024, unpacked: 4.5 * 1024 * 1024, cli: 320 * 1024 };

/** The one size the README gives: `about 0.85 MB packed`. */
function readmePackedBytes(): number {
  const match = /about (\d+(?:\.\d+)?) MB packed/i.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  if (!match) throw new Error('README.md gives no "about N MB packed" figure');
  return Number(match[1]) * 1_000_000;
}

// Functions of the library the executable uses: each must be defined once in the ESM build, once
// in the CommonJS build, and never inside the executable itself.
const LIBRARY_FUNCTIONS = [
  'decodeEvents',
  'safeDecodeEvent',
  'encodeEvents',
  'createWebhookHandler',
  'toNodeHandler',
  'createFileStore',
  'loadRepository',
  'parseLaunchLink',
  'createLaunchLink',
  'parseMarketplace',
  'loadPluginDirectory',
  'validate',
];

interface Manifest {
  name: string;
  version: string;
  main: string;
  module: string;
  types: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  exports: Record<string, string | Record<string, Record<string, string>>>;
  typesVersions: Record<string, Record<string, string[]>>;
}

let project: PackedProject;
let manifest: Manifest;
let files: string[];
const read = (path: string) => readFileSync(join(project.packageDir, path), 'utf8');

beforeAll(() => {
  project = createPackedProject();
  manifest = JSON.parse(read('package.json')) as Manifest;
  files = project.report.files.map((file) => file.path).sort();
});
afterAll(() => project?.remove());

describe('the published tarball', () => {
  it('holds the built entries, their declarations, the executable and the documents, and nothing else', () => {
    const unexpected = files.filter(
      (path) =>
        !/^(package\.json|README\.md|LICENSE|CHANGELOG\.md|dist\/[\w/-]+\.(js|cjs|d\.ts|d\.cts)|dist\/viewer\/(index\.html|app\.css)|schema\/agentwire\.config\.schema\.json)$/.test(
          path,
        ),
    );
    expect(unexpected).toEqual([]);
    // The viewer's page, bundled at build time and served by `agentwire serve`.
    expect(files.filter((path) => path.startsWith('dist/viewer/'))).toEqual([
      'dist/viewer/app.css',
      'dist/viewer/app.js',
      'dist/viewer/index.html',
    ]);
    expect(files.filter((path) => path.startsWith('dist/cli/'))).toEqual(['dist/cli/main.js']);
    // The JSON Schema of agentwire.config.json, for editors.
    expect(files.filter((path) => path.startsWith('schema/'))).toEqual(['schema/agentwire.config.schema.json']);
    expect(read('dist/cli/main.js').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('holds every file its manifest points to, with no source map reference left behind', () => {
    const targets = [
      manifest.main,
      manifest.module,
      manifest.types,
      ...Object.values(manifest.bin),
      ...Object.values(manifest.exports).flatMap((entry) =>
        typeof entry === 'string' ? [entry] : Object.values(entry).flatMap((conditions) => Object.values(conditions)),
      ),
      ...Object.values(manifest.typesVersions['*'] ?? {}).flat(),
    ].map((path) => posix.normalize(path));
    expect(targets.filter((path) => !files.includes(path))).toEqual([]);
    // Every subpath has its node10 declarations (typesVersions), pointing at the same file as its ESM types.
    // Every subpath of code: package.json and the configuration schema are JSON, with no declarations.
    const subpaths = Object.keys(manifest.exports).filter((key) => key !== '.' && typeof manifest.exports[key] !== 'string');
    expect(Object.keys(manifest.typesVersions['*'] ?? {})).toEqual(subpaths.map((key) => key.slice(2)));
    for (const key of subpaths) {
      const entry = manifest.exports[key] as Record<string, Record<string, string>>;
      expect(manifest.typesVersions['*']?.[key.slice(2)]).toEqual([entry.import?.types]);
    }
    const mapped = files.filter((path) => /\.(c?js)$/.test(path) && read(path).includes('sourceMappingURL'));
    expect(mapped).toEqual([]);
  });

  it('has an executable that imports the library instead of carrying a second copy of it', () => {
    const cli = read('dist/cli/main.js');
    const specifiers = [
      ...cli.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"];?$/gm),
      ...cli.matchAll(/\bimport\(['"]([^'"]+)['"]\)/g),
    ].map((match) => match[1] as string);
    const relative = specifiers.filter((specifier) => specifier.startsWith('.'));
    expect(relative.length).toBeGreaterThan(0);
    expect(relative.filter((specifier) => !files.includes(posix.join('dist/cli', specifier)))).toEqual([]);
    const bare = specifiers.filter((specifier) => !specifier.startsWith('.'));
    const allowed = new Set([...builtinModules, ...Object.keys(manifest.dependencies)]);
    expect(bare.filter((specifier) => !allowed.has(specifier.replace(/^node:/, '')))).toEqual([]);

    const definedIn = (name: string, extension: string) =>
      files.filter((path) => path.endsWith(extension) && new RegExp(`\\bfunction ${name}\\(`).test(read(path)));
    for (const name of LIBRARY_FUNCTIONS) {
      const esm = definedIn(name, '.js');
      expect({ name, count: esm.length, inCli: esm.includes('dist/cli/main.js') }).toEqual({ name, count: 1, inCli: false });
      expect({ name, count: definedIn(name, '.cjs').length }).toEqual({ name, count: 1 });
    }
  });

  it('has an executable that runs from the tarball', () => {
    const cli = join(project.packageDir, 'dist/cli/main.js');
    const env = { ...process.env, NO_COLOR: '1' };
    const version = spawnSync(process.execPath, [cli, '--version'], { cwd: project.dir, encoding: 'utf8', env });
    expect({ status: version.status, stdout: version.stdout.trim(), stderr: version.stderr }).toEqual({
      status: 0,
      stdout: manifest.version,
      stderr: '',
    });
    copyFileSync(join(ROOT, 'test/fixtures/conversation.json'), join(project.dir, 'conversation.json'));
    const validate = spawnSync(process.execPath, [cli, 'events', 'validate', 'conversation.json'], {
      cwd: project.dir,
      encoding: 'utf8',
      env,
    });
    expect(validate.status).toBe(0);
    expect(validate.stdout).toContain('34 events, 34 valid, 0 invalid');
  });

  it('stays within its size budget', () => {
    const cli = project.report.files.find((file) => file.path === 'dist/cli/main.js');
    expect(existsSync(project.tarball)).toBe(true);
    expect(project.report.size).toBeLessThanOrEqual(BUDGET.packed);
    expect(project.report.unpackedSize).toBeLessThanOrEqual(BUDGET.unpacked);
    expect(cli?.size).toBeLessThanOrEqual(BUDGET.cli);
  });

  it('packs to the size the README gives, within 5%', () => {
    const stated = readmePackedBytes();
    expect(Math.abs(project.report.size - stated) / stated).toBeLessThanOrEqual(0.05);
  });
});
