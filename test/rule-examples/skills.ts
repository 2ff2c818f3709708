/** Examples of the rules of skills, instruction files and configuration repositories. */
import type { RuleExamples } from './types';

/** A SKILL.md with the given front matter lines and body. */
const skill = (frontmatter: string, body = 'Body.\n') => `---\n${frontmatter}\n---\n${body}`;

export const SKILLS_EXAMPLES: RuleExamples = {
  'skill-name-invalid': {
    files: { '.agents/skills/My_Skill/SKILL.md': skill('name: My_Skill\ndescription: Does things.') },
  },
  'skill-name-mismatch': {
    files: { '.agents/skills/pdf-tools/SKILL.md': skill('name: pdf\ndescription: Reads PDF files.') },
  },
  'frontmatter-invalid-yaml': {
    files: { '.agents/skills/deploy/SKILL.md': skill('name: deploy\ndescription: Use it: always') },
  },
  'frontmatter-impossible-date': {
    files: { '.agents/skills/deploy/SKILL.md': skill('name: deploy\ndescription: Deploys.\nupdated: 2024-02-30') },
  },
  'frontmatter-key-invalid': {
    files: { '.agents/skills/deploy/SKILL.md': skill('name: deploy\ndescription: Deploys.\n1: one') },
  },
  'frontmatter-invalid-json': {
    files: { '.agents/skills/deploy.md': '{\nname: deploy\n}\nBody.\n' },
  },
  'frontmatter-wrong-type': {
    files: { '.agents/skills/deploy/SKILL.md': skill('name: deploy\ndescription: 42') },
  },
  'would-drop-skill': {
    files: { '.agents/skills/deploy/SKILL.md': skill('name: deploy\ndescription: Deploys.\ntriggers: deploy') },
  },
  'would-drop-directory': {
    files: {
      '.agents/skills/deploy/SKILL.md': skill('name: deploy\ndescription: 42'),
      '.agents/skills/review/SKILL.md': skill('name: review\ndescription: Reviews.'),
    },
    note: 'A wrong type in one file costs every skill of the folder.',
  },
  'invalid-utf8': {
    files: {
      '.agents/skills/deploy/SKILL.md': Buffer.from(skill('name: deploy\ndescription: Déploie le service.'), 'latin1'),
    },
    note: 'A SKILL.md saved as Latin-1.',
  },
  'bom-before-frontmatter': {
    files: { '.agents/skills/deploy/SKILL.md': `\uFEFF${skill('name: deploy\ndescription: Deploys.')}` },
  },
  'duplicate-skill-name': {
    files: {
      '.agents/skills/deploy-a.md': skill('name: deploy\ntriggers: [deploy]'),
      '.agents/skills/deploy-b.md': skill('name: deploy\ntriggers: [ship]'),
    },
    note: 'Two triggered legacy files of one name in one folder: the later one wins silently.',
  },
  'shadowed-skill': {
    files: {
      '.agents/skills/deploy/SKILL.md': skill('name: deploy\ndescription: Deploys.'),
      '.agents/skills/deploy.md': skill('triggers: [deploy]'),
    },
    note: 'In a project folder a legacy file beats a SKILL.md of the same name.',
  },
  'builtin-name-collision': {
    files: { '.agents/skills/github/SKILL.md': skill('name: github\ndescription: Works with GitHub.') },
    builtinNames: ['github'],
  },
  'description-missing': {
    files: { '.agents/skills/deploy/SKILL.md': skill('name: deploy') },
  },
  'description-too-long': {
    files: { '.agents/skills/deploy/SKILL.md': skill(`name: deploy\ndescription: ${'x'.repeat(1025)}`) },
  },
  'symlink-outside-repository': {
    files: {
      'shared/deploy.md': skill('name: deploy\ndescription: Deploys.'),
      'repo/.agents/skills/deploy/SKILL.md': { symlink: '../../../../shared/deploy.md' },
    },
    path: 'repo',
  },
  'file-too-large': {
    files: { '.agents/skills/deploy/SKILL.md': skill('name: deploy\ndescription: Deploys.', `${'x'.repeat(1024 * 1024)}\n`) },
    note: 'Over the 1 MiB default limit.',
  },
  'inline-command': {
    files: {
      '.agents/skills/deploy/SKILL.md': skill('name: deploy\ndescription: Deploys.', 'Current branch: !`git branch --show-current`\n'),
    },
  },
  'frontmatter-ignored-key': {
    files: { '.agents/skills/deploy/SKILL.md': skill('name: deploy\ndescription: Deploys.\ntrigger: deploy') },
  },
  'frontmatter-not-mapping': {
    files: { '.agents/skills/deploy/SKILL.md': skill('- deploy\n- release') },
  },
  'frontmatter-unclosed': {
    files: { '.agents/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Deploys.\n\nBody.\n' },
  },
  'frontmatter-javascript': {
    files: { '.agents/skills/deploy/SKILL.md': '---js\n{ name: "deploy" }\n---\nBody.\n' },
  },
  'paths-override-triggers': {
    files: { '.agents/skills/style/SKILL.md': skill("name: style\ndescription: House style.\npaths: ['src/**']\ntriggers: [style]") },
  },
  'nested-skill-ignored': {
    files: { '.agents/skills/group/my-skill/SKILL.md': skill('name: my-skill\ndescription: Never loaded.') },
  },
  'readme-loaded-as-skill': {
    files: { '.agents/skills/readme.md': '# Our skills\n' },
  },
  'folder-named-like-skill': {
    files: { '.agents/skills/notes.md/deploy.md': '---\ntriggers: [deploy]\n---\nDeploy.\n' },
  },
  'instruction-file-skipped': {
    files: { 'AGENT.md': 'Use pnpm.\n', 'AGENTS.md': 'Run the tests.\n' },
  },
  'model-gated-context': {
    files: { 'CLAUDE.md': 'Run the tests before committing.\n' },
  },
  'config-repository-missing': {
    kind: 'config-repository',
    note: 'No repository at the URL.',
  },
  'config-repository-legacy-folder': {
    files: { 'microagents/deploy.md': skill('triggers: [deploy]') },
    note: 'A checkout of a configuration repository with the legacy microagents/ folder.',
  },
  'config-repository-unreachable': {
    kind: 'config-repository',
    url: 'http://127.0.0.1:1/acme/.agents.git',
    note: 'Nothing listens on the port: git cannot connect.',
  },
  'config-repository-ref-missing': {
    kind: 'config-repository',
    files: { 'skills/deploy/SKILL.md': skill('name: deploy\ndescription: Deploys.') },
    ref: 'no-such-branch',
  },
};
