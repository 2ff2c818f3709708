import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInside, relativeToCwd } from './format-shared';

const cwd = resolve('/ci/repo');

describe('relativeToCwd', () => {
  it('makes paths relative to the working directory with / separators', () => {
    expect(relativeToCwd(join(cwd, 'skills', 'a', 'SKILL.md'), cwd)).toBe('skills/a/SKILL.md');
    expect(relativeToCwd(join('skills', 'a', 'SKILL.md'), cwd)).toBe('skills/a/SKILL.md');
    expect(relativeToCwd(join(cwd, '..', 'x', 'SKILL.md'), cwd)).toBe('../x/SKILL.md');
    expect(relativeToCwd(cwd, cwd)).toBe('');
  });
});

describe('isInside', () => {
  it('tells files inside the working directory from files outside it', () => {
    expect(isInside(join(cwd, 'a.json'), cwd)).toBe(true);
    expect(isInside('a.json', cwd)).toBe(true);
    expect(isInside(join(cwd, '..foo', 'a.json'), cwd)).toBe(true);
    expect(isInside(cwd, cwd)).toBe(true);
    expect(isInside(join(cwd, '..', 'a.json'), cwd)).toBe(false);
    expect(isInside(resolve(cwd, '..'), cwd)).toBe(false);
    expect(isInside(resolve('/elsewhere/a.json'), cwd)).toBe(false);
  });
});
