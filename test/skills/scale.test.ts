/**
 * Progressive disclosure at scale: loading summaries reads front matter, not bodies; a huge file
 * is reported and never read whole.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRepository, loadSkillContent, nodeFileSystem, type SkillFileSystem } from '../../src/skills/index';
import { tempRepository } from '../helpers/tree';

/** The real file system, counting the bytes read from each file. */
function countingFs(): { fs: SkillFileSystem; bytes: Map<string, number> } {
  const bytes = new Map<string, number>();
  const fs: SkillFileSystem = {
    ...nodeFileSystem,
    async read(path, position, length) {
      const chunk = await nodeFileSystem.read(path, position, length);
      bytes.set(path, (bytes.get(path) ?? 0) + chunk.length);
      return chunk;
    },
  };
  return { fs, bytes };
}

describe('a repository of 1,000 skills', () => {
  const body = `${'Step by step instructions for the task at hand.\n'.repeat(400)}`;
  let repo: { root: string; cleanup: () => void };
  beforeAll(() => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) {
      const name = `skill-${String(i).padStart(4, '0')}`;
      files[`.agents/skills/${name}/SKILL.md`] = `---\nname: ${name}\ndescription: Skill number ${i}.\ntriggers: [k${i}]\n---\n\n${body}`;
    }
    repo = tempRepository(files);
  });
  afterAll(() => repo.cleanup());

  it('loads every summary without reading any body', async () => {
    const { fs, bytes } = countingFs();
    const set = await loadRepository(repo.root, { fs });
    expect(set.skills).toHaveLength(1000);
    expect(set.diagnostics).toEqual([]);
    const skillFiles = [...bytes.entries()].filter(([path]) => path.endsWith('SKILL.md'));
    expect(skillFiles).toHaveLength(1000);
    const fileSize = Buffer.byteLength(`---\nname: skill-0000\ndescription: Skill number 0.\ntriggers: [k0]\n---\n\n${body}`);
    expect(fileSize).toBeGreaterThan(18_000);
    // One 8 KiB chunk per file holds the front matter; the body (about 19 KB) is never read.
    for (const [, read] of skillFiles) expect(read).toBeLessThanOrEqual(8192);
  });

  it('reads a body when the skill is used', async () => {
    const { fs, bytes } = countingFs();
    const set = await loadRepository(repo.root, { fs });
    const skill = set.skills[0];
    if (!skill) throw new Error('no skill');
    const { content } = await loadSkillContent(skill, { fs });
    expect(content).toBe(body.trim());
    expect(bytes.get(skill.file)).toBeGreaterThan(18_000);
  });
});

describe('a 50 MB SKILL.md', () => {
  it('is reported, loaded from its front matter, and never read whole', async () => {
    const repo = tempRepository({ '.agents/skills/big/SKILL.md': '' });
    try {
      const file = join(repo.root, '.agents/skills/big/SKILL.md');
      writeFileSync(file, `---\nname: big\ndescription: Big.\n---\n${'x'.repeat(50 * 1024 * 1024)}\n`);
      for (const scan of ['frontmatter', 'full'] as const) {
        const { fs, bytes } = countingFs();
        const set = await loadRepository(repo.root, { fs, scan });
        expect(set.skills.map((skill) => skill.name)).toEqual(['big']);
        expect(set.diagnostics.map((d) => [d.code, d.file])).toEqual([['file-too-large', file]]);
        expect(bytes.get(file)).toBeLessThan(2 * 1024 * 1024);
      }
    } finally {
      repo.cleanup();
    }
  });
});
