import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempTree } from '../../test/helpers/tree';
import { blockingNodeFileSystem, nodeFileSystem, type SkillFileSystem } from '../internal/node/file-system';
import { resolvePreset } from '../skills/index';
import { runFileSystem } from './run-file-system';
import { runValidate } from './run-validate';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tree(files: Parameters<typeof tempTree>[0]): string {
  const { root, cleanup } = tempTree(files);
  cleanups.push(cleanup);
  return root;
}

/** `base`, counting each call by operation and path. */
function counting(base: SkillFileSystem): { fs: SkillFileSystem; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  /** Counts the call, then makes it. */
  const counted =
    <A extends unknown[], R>(operation: string, call: (path: string, ...rest: A) => R) =>
    (path: string, ...rest: A): R => {
      calls.set(`${operation} ${path}`, (calls.get(`${operation} ${path}`) ?? 0) + 1);
      return call(path, ...rest);
    };
  return {
    calls,
    fs: {
      list: counted('list', (path) => base.list(path)),
      kind: counted('kind', (path) => base.kind(path)),
      realpath: counted('realpath', (path) => base.realpath(path)),
      read: counted('read', (path, position: number, length: number) => base.read(path, position, length)),
    },
  };
}

const skill = (name: string, body = 'Steps.\n') => `---\nname: ${name}\ndescription: Use for ${name}.\n---\n${body}`;

describe('one validation run', () => {
  it('lists each folder, resolves each path and reads each file once, whatever the number of checks reading them', async () => {
    const root = tree({
      'skills/alpha/SKILL.md': skill('alpha'),
      'skills/beta/SKILL.md': skill('beta', '<!-- agentwire-disable-next-line inline-command -- an example -->\n!`date`\n'),
      'skills/gamma/SKILL.md': skill('wrong-name'),
      'skills/legacy.md': '---\ntriggers: [go]\n---\nLegacy.\n',
      'AGENTS.md': 'Project instructions.\n',
    });
    const { fs, calls } = counting(nodeFileSystem);
    const report = await runValidate({
      paths: [root],
      cwd: root,
      profiles: ['openhands', 'agentskills'],
      preset: resolvePreset('neutral'),
      service: '1.49',
      fs,
    });
    expect(report.diagnostics.map((d) => d.code)).toContain('skill-name-mismatch');
    expect(report.inventory.skills).toBe(4);
    const repeated = [...calls].filter(([, times]) => times > 1);
    expect(repeated).toEqual([]);
  });
});

describe('runFileSystem', () => {
  it('answers as the file system it wraps: kinds, listings, contents and real paths, through links and without', async () => {
    const root = tree({
      'real/folder/file.md': 'Hello.\n',
      'real/big.md': 'x'.repeat(100_000),
      'link-to-folder': { symlink: 'real/folder' },
      'real/link-to-file.md': { symlink: 'folder/file.md' },
      'dangling.md': { symlink: 'nowhere.md' },
    });
    const fs = runFileSystem(nodeFileSystem);
    const paths = [
      root,
      join(root, 'real'),
      join(root, 'real/folder'),
      join(root, 'real/folder/file.md'),
      join(root, 'real/big.md'),
      join(root, 'link-to-folder'),
      join(root, 'link-to-folder/file.md'),
      join(root, 'real/link-to-file.md'),
    ];
    // Everything listed and read first, so the answers below come from what the run already knows.
    for (const folder of [root, join(root, 'real'), join(root, 'real/folder'), join(root, 'link-to-folder')]) await fs.list(folder);
    for (const file of paths.filter((path) => path.endsWith('.md'))) await fs.read(file, 0, 65536);
    for (const path of paths) {
      expect(await fs.realpath(path)).toBe(await realpath(path));
      expect(await fs.kind(path)).toEqual(await nodeFileSystem.kind(path));
    }
    await expect(fs.realpath(join(root, 'dangling.md'))).rejects.toThrow();
    expect(await fs.kind(join(root, 'dangling.md'))).toBeUndefined();
    expect(await fs.read(join(root, 'real/folder/file.md'), 2, 3)).toEqual(new TextEncoder().encode('llo'));
    expect((await fs.read(join(root, 'real/big.md'), 99_990, 100)).length).toBe(10);
    const listed = await fs.list(join(root, 'real'));
    listed.sort((a, b) => (a.name < b.name ? 1 : -1)).pop();
    expect((await fs.list(join(root, 'real'))).length).toBe(3);
  });

  it('gives each caller its own copy of a file read earlier', async () => {
    const root = tree({ 'file.md': 'abc\n' });
    const fs = runFileSystem(nodeFileSystem);
    const first = await fs.read(join(root, 'file.md'), 0, 100);
    first.fill(0);
    expect(new TextDecoder().decode(await fs.read(join(root, 'file.md'), 0, 100))).toBe('abc\n');
  });
});

describe('blockingNodeFileSystem', () => {
  it('answers as nodeFileSystem does, missing paths and errors included', async () => {
    const root = tree({ 'a/b.md': 'text\n', 'link.md': { symlink: 'a/b.md' }, 'dangling.md': { symlink: 'nowhere' } });
    for (const path of [join(root, 'a'), join(root, 'a/b.md'), join(root, 'link.md'), join(root, 'dangling.md'), join(root, 'a/b.md/x')]) {
      expect(await blockingNodeFileSystem.kind(path)).toEqual(await nodeFileSystem.kind(path));
    }
    expect(await blockingNodeFileSystem.list(join(root))).toEqual(expect.arrayContaining(await nodeFileSystem.list(root)));
    expect(await blockingNodeFileSystem.realpath(join(root, 'link.md'))).toBe(await nodeFileSystem.realpath(join(root, 'link.md')));
    expect(await blockingNodeFileSystem.read(join(root, 'a/b.md'), 1, 100)).toEqual(
      await nodeFileSystem.read(join(root, 'a/b.md'), 1, 100),
    );
    await expect(blockingNodeFileSystem.read(join(root, 'missing.md'), 0, 10)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(blockingNodeFileSystem.list(join(root, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(blockingNodeFileSystem.realpath(join(root, 'dangling.md'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
