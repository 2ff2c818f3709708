/**
 * Loading 1,000 skills (summaries: front matter only) against reading the same SKILL.md files
 * raw, in the same process.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRepository, NEUTRAL_PRESET } from '../src/skills/index';
import { runValidate } from '../src/validate/run-validate';
import { median } from './measure';

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function benchSkills(count = 1000, rounds = 7) {
  const root = mkdtempSync(join(tmpdir(), 'agentwire-bench-skills-'));
  try {
    const body = 'Step by step instructions for the task at hand.\n'.repeat(400);
    const files: string[] = [];
    for (let i = 0; i < count; i++) {
      const folder = join(root, '.agents/skills', `skill-${i}`);
      mkdirSync(folder, { recursive: true });
      const file = join(folder, 'SKILL.md');
      writeFileSync(file, `---\nname: skill-${i}\ndescription: Skill number ${i}.\ntriggers: [k${i}]\n---\n\n${body}`);
      files.push(file);
    }
    const sequential: number[] = [];
    const concurrent: number[] = [];
    const summaries: number[] = [];
    const full: number[] = [];
    const validate: number[] = [];
    const validateOptions = { paths: ['.'], cwd: root, profiles: ['openhands' as const], preset: NEUTRAL_PRESET, service: '1.49' as const };
    // Two rounds to warm the file cache and the JIT, then the measured ones.
    for (let round = -2; round < rounds; round++) {
      if (round < 0) {
        await loadRepository(root, { gitRoot: false, scan: 'full' });
        continue;
      }
      sequential.push(
        await time(async () => {
          for (const file of files) await readFile(file);
        }),
      );
      concurrent.push(await time(() => Promise.all(files.map((file) => readFile(file)))));
      summaries.push(await time(() => loadRepository(root, { gitRoot: false })));
      full.push(await time(() => loadRepository(root, { gitRoot: false, scan: 'full' })));
      validate.push(await time(() => runValidate(validateOptions)));
    }
    return {
      count,
      sequential: median(sequential),
      concurrent: median(concurrent),
      summaries: median(summaries),
      full: median(full),
      validate: median(validate),
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
