import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/built';

interface CheckImports {
  checkImports(root: string): string[];
  entryFiles(root: string): Set<string>;
  ORDER: string[][];
}

const load = async () => (await import(join(ROOT, 'scripts/check-imports.mjs'))) as CheckImports;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A package with the given files, and `exports` naming `agentwire/stores` and `agentwire/stores/file`. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'agentwire-imports-'));
  folders.push(root);
  const exports = {
    './stores': { import: { default: './dist/stores/index.js' } },
    './stores/file': { import: { default: './dist/stores/file.js' } },
    './package.json': './package.json',
  };
  const all = { 'package.json': JSON.stringify({ exports }), ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('scripts/check-imports.mjs', () => {
  it('finds nothing to report in this repository', async () => {
    const { checkImports } = await load();
    expect(checkImports(ROOT)).toEqual([]);
  });

  it('reports a deep import into another area, naming its entries', async () => {
    const { checkImports } = await load();
    const root = tree({
      'src/stores/index.ts': 'export {};',
      'src/stores/file.ts': 'export {};',
      'src/stores/internal.ts': 'export {};',
      'src/stores/options.ts': 'export const a = 1;',
      'src/stores/file/read.ts': 'export const b = 1;',
      'src/cli/commands/ok.ts':
        "import { x } from '../../stores/index';\nimport { y } from '../../stores/file';\nimport { z } from '../../stores';\n",
      'src/cli/commands/deep.ts': "import { a } from '../../stores/options';\nexport { b } from '../../stores/file/read';\n",
    });
    expect(checkImports(root).sort()).toEqual([
      'src/cli/commands/deep.ts:1 imports src/stores/options.ts, a file private to stores: import it from src/stores/index.ts or src/stores/file.ts or src/stores/internal.ts',
      'src/cli/commands/deep.ts:2 imports src/stores/file/read.ts, a file private to stores: import it from src/stores/index.ts or src/stores/file.ts or src/stores/internal.ts',
    ]);
  });

  it('reports an import of a higher area or one of the same level, and any area from src/internal/', async () => {
    const { checkImports } = await load();
    const root = tree({
      'src/stores/index.ts': "import { h } from '../webhooks/index';\nimport type { C } from '../api/index';\n",
      'src/webhooks/index.ts': 'export {};',
      'src/api/index.ts': 'export {};',
      'src/internal/helper.ts': "import { s } from '../stores/index';\nimport { n } from './node/walk';\n",
      'src/internal/node/walk.ts': 'export {};',
      'src/cli/main.ts': "import { w } from '../internal/node/walk';\n",
    });
    const order = 'internal < events < stores/api < webhooks < skills < plugins < validate < viewer < cli';
    expect(checkImports(root).sort()).toEqual([
      `src/internal/helper.ts:1 imports stores, which is not below internal (areas from the bottom up: ${order})`,
      `src/stores/index.ts:1 imports webhooks, which is not below stores (areas from the bottom up: ${order})`,
      `src/stores/index.ts:2 imports api, which is not below stores (areas from the bottom up: ${order})`,
    ]);
  });

  it('reports a folder of src/ that is not an area of the order', async () => {
    const { checkImports } = await load();
    const root = tree({ 'src/cli/main.ts': "import { x } from '../extras/x';\n", 'src/extras/x.ts': 'export {};' });
    expect(checkImports(root)).toEqual([
      'src/cli/main.ts:1 imports src/extras/x.ts: extras is not an area of ORDER in scripts/check-imports.mjs',
    ]);
  });

  it('agrees with the Biome rule: every entry is allowed there, every other area file refused', async () => {
    const { entryFiles, ORDER } = await load();
    const biome = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
    const everywhere = biome.overrides.find((override: { includes: string[] }) => override.includes.join() === 'src/**');
    const groups: { group: string[] }[] = everywhere.linter.rules.style.noRestrictedImports.options.patterns;
    const allowed = groups.flatMap((group) => group.group.filter((pattern) => pattern.startsWith('!')));
    const entries = [...entryFiles(ROOT)].filter((entry) => entry.split('/').length > 2);
    expect(allowed.map((pattern) => pattern.replace('!**/../', 'src/')).sort()).toEqual(
      entries.map((entry) => entry.replace(/\.ts$/, '')).sort(),
    );
    const refused = groups.map((group) => group.group[0]?.replace(/^\*\*\/\.\.\/([a-z-]+).*$/, '$1')).sort();
    expect(refused).toEqual(
      ORDER.flat()
        .filter((area) => area !== 'internal')
        .sort(),
    );
  });
});
