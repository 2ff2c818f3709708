import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type TreeEntry, tempTree } from '../../../test/helpers/tree';
import { compareDiagnostics } from '../../internal/diagnostic';
import { loadSkillsDirectory, nodeFileSystem, type SkillFileSystem } from '../../skills/index';
import type { Artifacts } from '../artifacts';
import type { ProfileDiagnostic } from '../types';
import { checkAgentSkills, checkSkillText } from './agentskills';
import { PROFILE_RULES, SHARED_PROFILE_RULES } from './index';
import type { ProfileOptions } from './read-text';

/** The profiles each documented code is raised under. */
const KNOWN = new Map([...PROFILE_RULES, ...SHARED_PROFILE_RULES].map((rule) => [rule.code, rule.profiles as string[]]));

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function folder(files: Record<string, TreeEntry>): string {
  const tree = tempTree(files);
  cleanups.push(tree.cleanup);
  return tree.root;
}

/** The artifacts of every skill file among `files` (SKILL.md in any case). */
function artifactsOf(root: string, files: Record<string, TreeEntry>): Artifacts {
  const skills = Object.keys(files)
    .filter((path) => /(^|\/)skill\.md$/i.test(path))
    .map((path) => ({
      file: join(root, path),
      format: 'agentskills' as const,
      folder: join(root, path, '..'),
      origin: 'project' as const,
    }));
  return { skills, plugins: [], marketplaces: [], hooks: [], toolServers: [] };
}

async function check(
  files: Record<string, TreeEntry>,
  options: ProfileOptions = {},
): Promise<{ root: string; found: ProfileDiagnostic[] }> {
  const root = folder(files);
  const found = (await checkAgentSkills(artifactsOf(root, files), options)).sort(compareDiagnostics);
  for (const diagnostic of found) expect(diagnostic.profile).toBe('agentskills');
  for (const diagnostic of found) expect(KNOWN.get(diagnostic.code)).toContain('agentskills');
  return { root, found };
}

/** `file:line:column severity code` of each diagnostic, files relative to the tree. */
async function findings(files: Record<string, TreeEntry>): Promise<string[]> {
  const { root, found } = await check(files);
  return found.map((d) => `${relative(root, d.file)}:${d.line}:${d.column} ${d.severity} ${d.code}`).sort();
}

const skill = (name: string, extra = '', body = '# Title\n\nBody.\n') =>
  `---\nname: ${name}\ndescription: Does ${name} things.\n${extra}---\n${body}`;

describe('checkAgentSkills', () => {
  it('raises nothing for a skill that follows the specification, optional fields and a one-level reference included', async () => {
    const files = {
      'pdf-tools/SKILL.md': skill(
        'pdf-tools',
        'license: Apache-2.0\ncompatibility: Requires Python 3.12 and poppler\nallowed-tools: Bash(git:*) Bash(jq:*) Read\nmetadata:\n  author: example-org\n  version: "1.0"\n',
        '# PDF tools\n\nSee [the guide](references/guide.md) and [the site](https://example.com).\n\n```\n[not a link](references/deep.md)\n```\n',
      ),
      'pdf-tools/references/guide.md': '# Guide\n\nBack to [the skill](../SKILL.md) and [the web](https://example.com/x).\n',
      'single/SKILL.md': "---\nname: single\ndescription: 'Quoted: with a colon'\n---\n",
    };
    expect(await findings(files)).toEqual([]);
  });

  it('reports `triggers`, which the service reads, as an unexpected field under this profile', async () => {
    const files = { 'deploy/SKILL.md': skill('deploy', 'triggers:\n  - deploy\n  - /ship\n') };
    const root = folder(files);
    const service = await loadSkillsDirectory(root);
    expect(service.diagnostics).toEqual([]);
    expect(service.skills.map((loaded) => loaded.name)).toEqual(['deploy']);
    const found = await checkAgentSkills(artifactsOf(root, files));
    expect(found).toEqual([
      expect.objectContaining({
        code: 'agentskills-unexpected-field',
        severity: 'error',
        profile: 'agentskills',
        file: join(root, 'deploy/SKILL.md'),
        line: 4,
        column: 1,
      }),
    ]);
    expect(found[0]?.message).toContain('Unexpected field "triggers"');
    expect(found[0]?.message).toContain('The service reads it');
    expect(found[0]?.hint).toContain('description');
  });

  it('reports every field the specification does not define, each at its key', async () => {
    const found = await findings({ 'a/SKILL.md': skill('a', 'version: 1.2.0\ndisable-model-invocation: true\ninputs:\n  - name: X\n') });
    expect(found).toEqual([
      'a/SKILL.md:4:1 error agentskills-unexpected-field',
      'a/SKILL.md:5:1 error agentskills-unexpected-field',
      'a/SKILL.md:6:1 error agentskills-unexpected-field',
    ]);
  });

  it('accepts names in any script that are lowercase, and NFKC-normalizes names and folders', async () => {
    expect(
      await findings({
        '技能/SKILL.md': skill('技能'),
        'мой-навык/SKILL.md': skill('мой-навык'),
        'навык/SKILL.md': skill('навык'),
        'café/SKILL.md': skill('cafe\u0301'),
      }),
    ).toEqual([]);
    const { found } = await check({ 'НАВЫК/SKILL.md': skill('НАВЫК') });
    expect(found).toEqual([expect.objectContaining({ code: 'agentskills-name-invalid', line: 2, column: 7 })]);
    expect(found[0]?.message).toContain('not all lowercase');
  });

  it('reports each broken name rule, the folder mismatch and missing fields', async () => {
    const long = 'a'.repeat(65);
    const found = await findings({
      'My_Skill/SKILL.md': skill('My_Skill'),
      '-lead/SKILL.md': skill('-lead'),
      'two--dashes/SKILL.md': skill('two--dashes'),
      [`${long}/SKILL.md`]: skill(long),
      'folder/SKILL.md': skill('other'),
      'combining/SKILL.md': skill('cafe\u0301-क\u093f'),
      'nameless/SKILL.md': '---\ndescription: No name.\n---\n',
      'blank/SKILL.md': "---\nname: '  '\ndescription: x\n---\n",
      'listed/SKILL.md': '---\nname:\n  - listed\ndescription: x\n---\n',
    });
    expect(found).toEqual([
      '-lead/SKILL.md:2:7 error agentskills-name-invalid',
      'My_Skill/SKILL.md:2:7 error agentskills-name-invalid',
      `${long}/SKILL.md:2:7 error agentskills-name-invalid`,
      'blank/SKILL.md:2:7 error agentskills-name-invalid',
      'combining/SKILL.md:2:7 error agentskills-name-invalid',
      'combining/SKILL.md:2:7 error agentskills-name-mismatch',
      'folder/SKILL.md:2:7 error agentskills-name-mismatch',
      'listed/SKILL.md:3:3 error agentskills-name-invalid',
      'nameless/SKILL.md:1:1 error agentskills-name-missing',
      'two--dashes/SKILL.md:2:7 error agentskills-name-invalid',
    ]);
  });

  it('words the name problems and suggests a name', async () => {
    const { found } = await check({ 'My_Skill/SKILL.md': skill('My_Skill--X') });
    const invalid = found.find((d) => d.code === 'agentskills-name-invalid');
    expect(invalid?.message).toBe(
      'The name "My_Skill--X" is not all lowercase, has "--", has characters other than letters, digits and "-" ("_").',
    );
    expect(invalid?.hint).toBe('Use a name such as "my-skill-x" (and rename the folder to match).');
  });

  it('checks description, compatibility, metadata, allowed-tools and license', async () => {
    const found = await findings({
      'nodesc/SKILL.md': '---\nname: nodesc\n---\n',
      'empty/SKILL.md': '---\nname: empty\ndescription:\n---\n',
      'listdesc/SKILL.md': '---\nname: listdesc\ndescription:\n  - a\n---\n',
      'longdesc/SKILL.md': `---\nname: longdesc\ndescription: ${'x'.repeat(1025)}\n---\n`,
      'compat/SKILL.md': skill('compat', 'compatibility:\n  python: "3.12"\n'),
      'longcompat/SKILL.md': skill('longcompat', `compatibility: ${'y'.repeat(501)}\n`),
      'emptycompat/SKILL.md': skill('emptycompat', 'compatibility: ""\n'),
      'metatext/SKILL.md': skill('metatext', 'metadata: by ada\n'),
      'metanested/SKILL.md': skill('metanested', 'metadata:\n  owner: ada\n  tags:\n    - a\n'),
      'toollist/SKILL.md': skill('toollist', 'allowed-tools:\n  - Read\n'),
      'toolcomma/SKILL.md': skill('toolcomma', 'allowed-tools: Bash(git commit:*), Read\n'),
      'licenselist/SKILL.md': skill('licenselist', 'license:\n  - MIT\n'),
    });
    expect(found).toEqual([
      'compat/SKILL.md:5:3 error agentskills-compatibility-invalid',
      'empty/SKILL.md:3:1 error agentskills-description-invalid',
      'emptycompat/SKILL.md:4:16 warning agentskills-compatibility-invalid',
      'licenselist/SKILL.md:5:3 error agentskills-license-invalid',
      'listdesc/SKILL.md:4:3 error agentskills-description-invalid',
      'longcompat/SKILL.md:4:16 error agentskills-compatibility-invalid',
      'longdesc/SKILL.md:3:14 error agentskills-description-invalid',
      'metanested/SKILL.md:7:5 error agentskills-metadata-invalid',
      'metatext/SKILL.md:4:11 error agentskills-metadata-invalid',
      'nodesc/SKILL.md:1:1 error agentskills-description-missing',
      'toolcomma/SKILL.md:4:16 warning agentskills-allowed-tools-invalid',
      'toollist/SKILL.md:5:3 error agentskills-allowed-tools-invalid',
    ]);
  });

  it('finds front matter as skills-ref does: at the very start, ended by the first three dashes anywhere', async () => {
    const { found: messages } = await check({ 'bom/SKILL.md': `\ufeff${skill('bom')}`, 'blank/SKILL.md': `\n${skill('blank')}` });
    expect(messages.map((d) => d.message)).toEqual([
      'The file starts with blank lines or spaces before `---`: skills-ref requires front matter at the very start and rejects the file (the service skips the blank start and reads the front matter).',
      'The file starts with a byte-order mark (U+FEFF) before `---`: skills-ref requires front matter at the very start and rejects the file (the service does not see this front matter either).',
    ]);
    const found = await findings({
      'bom/SKILL.md': `\ufeff${skill('bom')}`,
      'blank/SKILL.md': `\n${skill('blank')}`,
      'none/SKILL.md': '# Just a body\n',
      'unclosed/SKILL.md': '---\nname: unclosed\ndescription: x\n',
      'cut/SKILL.md': '---\nname: cut\ndescription: before --- after\n---\nBody\n',
      'crlf/SKILL.md': '---\r\nname: crlf\r\ndescription: Windows line endings.\r\n---\r\nBody\r\n',
    });
    expect(found).toEqual([
      'blank/SKILL.md:1:1 error agentskills-frontmatter-missing',
      'bom/SKILL.md:1:1 error agentskills-frontmatter-missing',
      'cut/SKILL.md:3:21 error agentskills-frontmatter-cut',
      'none/SKILL.md:1:1 error agentskills-frontmatter-missing',
      'unclosed/SKILL.md:1:1 error agentskills-frontmatter-unclosed',
    ]);
  });

  it('refuses what strictyaml refuses: flow collections, anchors and aliases, tags, duplicate keys', async () => {
    const found = await findings({
      'flow/SKILL.md': skill('flow', 'metadata: {author: ada}\nallowed-tools: [Read, Write]\n'),
      'anchor/SKILL.md': '---\nname: &n anchor\ndescription: *n\n---\n',
      'keyed/SKILL.md': '---\n!!str name: keyed\n&k description: x\n---\n',
      'tag/SKILL.md': '---\nname: tag\ndescription: !!str 42\n---\n',
      'dup/SKILL.md': '---\nname: dup\ndescription: one\ndescription: two\n---\n',
      'syntax/SKILL.md': '---\nname: syntax\ndescription: Use it: always\n---\n',
      'list/SKILL.md': '---\n- list\n---\n',
      'empty/SKILL.md': '---\n---\nBody\n',
    });
    expect(found).toEqual([
      'anchor/SKILL.md:2:7 error agentskills-yaml-anchor',
      'anchor/SKILL.md:3:14 error agentskills-description-invalid',
      'anchor/SKILL.md:3:14 error agentskills-yaml-anchor',
      'dup/SKILL.md:4:1 error agentskills-yaml-duplicate-key',
      'empty/SKILL.md:1:1 error agentskills-frontmatter-not-mapping',
      'flow/SKILL.md:4:11 error agentskills-yaml-flow-style',
      'flow/SKILL.md:5:16 error agentskills-allowed-tools-invalid',
      'flow/SKILL.md:5:16 error agentskills-yaml-flow-style',
      'keyed/SKILL.md:2:1 error agentskills-yaml-tag',
      'keyed/SKILL.md:3:1 error agentskills-yaml-anchor',
      'list/SKILL.md:2:1 error agentskills-frontmatter-not-mapping',
      'syntax/SKILL.md:3:14 error agentskills-invalid-yaml',
      'tag/SKILL.md:3:14 error agentskills-yaml-tag',
    ]);
  });

  it('says which tag, anchor and flow collection it found', async () => {
    const { found } = await check({ 'a/SKILL.md': '---\nname: &n a\ndescription: !!str x\nmetadata: {k: v}\n---\n' });
    expect(found.map((d) => d.message)).toEqual([
      'The anchor "&n" is refused by strictyaml, so skills-ref rejects the file.',
      'The tag "!!str" is refused by strictyaml (every value is text), so skills-ref rejects the file.',
      'A flow mapping ("{…") is written here; strictyaml refuses flow style, so skills-ref rejects the file.',
    ]);
  });

  it('warns about long files, long bodies and nested references, at the place to look', async () => {
    const lines = Array.from({ length: 520 }, (_, i) => `Line ${i + 1}.`).join('\n');
    const { root, found } = await check({
      'long/SKILL.md': skill('long', '', `${lines}\n`),
      'wordy/SKILL.md': skill('wordy', '', `\n${'word '.repeat(4000)}\n`),
      'deep/SKILL.md': skill('deep', '', 'Start with [the guide](references/guide.md#intro).\n'),
      'deep/references/guide.md': '# Guide\n\nDetails are in [more](./more/details.md).\n',
      'deep/references/more/details.md': '# Details\n',
    });
    expect(found.map((d) => `${relative(root, d.file)}:${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual([
      'deep/SKILL.md:5:12 warning agentskills-reference-too-deep',
      'long/SKILL.md:500:1 warning agentskills-file-too-long',
      'wordy/SKILL.md:6:1 warning agentskills-body-too-many-tokens',
    ]);
    const deep = found[0] as ProfileDiagnostic;
    expect(deep.related).toEqual([{ file: join(root, 'deep/references/guide.md'), line: 3, column: 16, message: 'The nested reference.' }]);
    expect(found[1]?.message).toBe('SKILL.md has 524 lines; the specification recommends fewer than 500.');
    expect(found[2]?.message).toBe(
      'The body is about 5,000 tokens (estimated at one token per 4 characters); the specification recommends fewer than 5,000.',
    );
  });

  // How long these take is measured by `npm run bench` (Hostile input), against plain files of the same sizes.
  it('stays whole on hostile text: unmatched brackets, deep nesting, aliases', async () => {
    const found = await findings({
      'brackets/SKILL.md': skill('brackets', '', `${'['.repeat(300_000)}${'](x'.repeat(100_000)}\n`),
      'deep/SKILL.md': skill('deep', `metadata: ${'['.repeat(5000)}${']'.repeat(5000)}\n`),
      'aliases/SKILL.md': '---\nname: &a aliases\ndescription: *a\nx: &b [*a, *a, *a]\ny: [*b, *b, *b]\n---\n',
    });
    // 100,000 `](` without a link text before them: no link, so no reference to follow.
    expect(found.filter((line) => line.startsWith('brackets/'))).toEqual([
      'brackets/SKILL.md:5:1 warning agentskills-body-too-many-tokens',
    ]);
    expect(found.filter((line) => line.startsWith('deep/'))).toEqual([
      expect.stringMatching(/^deep\/SKILL\.md:4:\d+ error agentskills-invalid-yaml$/),
    ]);
    expect(found.filter((line) => line.startsWith('aliases/')).length).toBeGreaterThan(3);
  });

  it('reports unreadable files and file names other than SKILL.md', async () => {
    const found = await findings({
      'latin/SKILL.md': new Uint8Array([
        ...new TextEncoder().encode('---\nname: latin\ndescription: caf'),
        0xe9,
        0x0a,
        ...new TextEncoder().encode('---\n'),
      ]),
      'lower/skill.md': skill('lower'),
      'mixed/Skill.md': skill('mixed'),
    });
    expect(found).toEqual([
      'latin/SKILL.md:3:17 error agentskills-unreadable',
      'lower/skill.md:1:1 warning agentskills-file-name',
      'mixed/Skill.md:1:1 error agentskills-file-name',
    ]);
  });

  it('reads through the file system it is given, up to maxFileSize', async () => {
    const read: string[] = [];
    const fs: SkillFileSystem = {
      ...nodeFileSystem,
      read: (path, position, length) => {
        read.push(path);
        return nodeFileSystem.read(path, position, length);
      },
    };
    const big = skill('big', '', `${'x'.repeat(200)}\n`.repeat(200));
    const { root, found } = await check({ 'big/SKILL.md': big }, { fs, maxFileSize: 1000 });
    expect(read).toEqual([join(root, 'big/SKILL.md')]);
    expect(found).toEqual([]);
  });

  it('skips single-file and instruction skills, and checks a file once', async () => {
    const root = folder({ 'AGENTS.md': '# Context\n', 'legacy.md': '---\ntriggers: [x]\n---\n', 'a/SKILL.md': skill('a') });
    const artifacts: Artifacts = {
      skills: [
        { file: join(root, 'AGENTS.md'), format: 'instructions', origin: 'project' },
        { file: join(root, 'legacy.md'), format: 'legacy', origin: 'project' },
        { file: join(root, 'a/SKILL.md'), format: 'agentskills', origin: 'project' },
        { file: join(root, 'a/SKILL.md'), format: 'agentskills', folder: join(root, 'a'), origin: 'plugin' },
      ],
      plugins: [],
      marketplaces: [],
      hooks: [],
      toolServers: [],
    };
    expect(await checkAgentSkills(artifacts)).toEqual([]);
  });
});

describe('checkSkillText', () => {
  it('judges text without reading anything, taking the folder from the file when none is given', () => {
    const found: string[] = [];
    checkSkillText('---\nname: x\ndescription: y\n---\n', { file: '/skills/z/SKILL.md' }, (rule, finding) =>
      found.push(`${rule.code} ${finding.at?.line}:${finding.at?.column}`),
    );
    expect(found).toEqual(['agentskills-name-mismatch 2:7']);
  });
});
