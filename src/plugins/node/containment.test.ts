import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from '../../../test/helpers/tree';
import { nodeFileSystem } from '../../internal/node/file-system';
import { SafeWalker } from '../../internal/node/walk';
import { findEntry, isInside } from './containment';
import { loadPluginDirectory } from './load-plugin-directory';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tree(files: Parameters<typeof tempTree>[0]): string {
  const made = tempTree(files);
  cleanups.push(made.cleanup);
  return realpathSync(made.root);
}

describe('isInside', () => {
  it('compares paths part by part', () => {
    expect(isInside('/a/b', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/b/c/d')).toBe(true);
    expect(isInside('/a/b', '/a/bc')).toBe(false);
    expect(isInside('/a/b', '/a')).toBe(false);
    expect(isInside('/a/b', '/a/b/../c')).toBe(false);
    expect(isInside('/a/b', '/a/b/..hidden')).toBe(true);
  });
});

describe('findEntry', () => {
  it('never passes through a folder that is a link leaving the root', async () => {
    const outside = tree({ 'commands/now.md': 'x' });
    const root = tree({ 'dev.openhands': { symlink: outside }, 'inner/commands/now.md': 'x', link: { symlink: 'inner' } });
    const walker = new SafeWalker(nodeFileSystem, root);
    expect(await findEntry(walker, root, 'dev.openhands/commands')).toBeUndefined();
    expect(await findEntry(walker, root, 'link/commands')).toMatchObject({ kind: 'directory', path: join(root, 'link', 'commands') });
    expect(walker.diagnostics.map((entry) => entry.file)).toEqual([join(root, 'dev.openhands')]);
  });
});

describe('a legacy manifest outside the root', () => {
  it('is not read: the plugin comes back unloaded, saying why', async () => {
    const outside = tree({ 'plugin.json': '{ "name": "elsewhere" }' });
    const root = tree({ 'kit/.plugin': { symlink: outside } });
    const dir = join(root, 'kit');
    const result = await loadPluginDirectory(dir);
    expect(result).toMatchObject({
      ok: false,
      layout: 'legacy',
      failure: 'manifest-outside-root',
      manifestFile: join(dir, '.plugin', 'plugin.json'),
    });
    expect(result.diagnostics.map((entry) => [entry.code, entry.severity, entry.file])).toEqual([
      ['plugin-path-outside-root', 'warning', join(dir, '.plugin', 'plugin.json')],
    ]);
    expect(result.diagnostics[0]?.message).toContain('the service follows the link and loads the manifest it points at');
  });
});
