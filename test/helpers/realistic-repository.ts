/**
 * A realistic skills-and-plugins repository, written as fixtures: a few dozen skills of varied
 * shapes, legacy files, instruction files, a marketplace, two plugins (Agent Plugins and legacy)
 * and vendor folders linked in. The service loads all of it cleanly.
 */
import type { TreeEntry } from './tree';

const skill = (name: string, description: string, extra = '', body = `# ${name}\n\nFollow these steps.\n`) =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n${body}`;

/** The files of the repository, by path. */
export function realisticRepository(): Record<string, TreeEntry> {
  const files: Record<string, TreeEntry> = {
    'AGENTS.md': '# Repository guide\n\nUse pnpm. Run `pnpm test` before committing.\n',
    'README.md': '# Acme skills\n\nSkills and plugins for Acme engineers.\n',
    'services/api/AGENTS.md': 'The API uses Fastify; keep handlers small.\n',
    '.agents/skills/README.md': 'Skills of this repository.\n',
    '.agents/skills/deploy/SKILL.md': skill(
      'deploy',
      'Deploys a service to staging or production.',
      'triggers:\n  - deploy\n  - release\n',
    ),
    '.agents/skills/deploy/scripts/deploy.sh': '#!/bin/sh\necho deploying\n',
    '.agents/skills/deploy/references/environments.md': '# Environments\n\nstaging, production\n',
    '.agents/skills/pdf-tools/SKILL.md': skill(
      'pdf-tools',
      'Extracts text and tables from PDF files.',
      'license: MIT\ncompatibility: Requires poppler-utils\nallowed-tools: Bash(pdftotext:*) Read\nmetadata:\n  author: Acme\n  version: "2.1"\n',
    ),
    '.agents/skills/pdf-tools/assets/template.txt': 'template\n',
    '.agents/skills/incident-report/SKILL.md': skill(
      'incident-report',
      'Writes an incident report from a timeline.',
      'inputs:\n  - name: INCIDENT\n    description: the incident id\n',
    ),
    '.agents/skills/typescript-style/SKILL.md': skill(
      'typescript-style',
      'House style for TypeScript code.',
      'paths:\n  - "src/**/*.ts"\n  - "*.tsx"\n',
    ),
    '.agents/skills/hidden-helper/SKILL.md': skill('hidden-helper', 'Used only by other skills.', 'disable-model-invocation: true\n'),
    '.agents/skills/mcp-search/SKILL.md': skill('mcp-search', 'Searches the internal wiki through its tool server.'),
    '.agents/skills/mcp-search/.mcp.json': JSON.stringify({ mcpServers: { wiki: { command: 'npx', args: ['-y', 'wiki-mcp'] } } }, null, 2),
    '.agents/skills/shared-lint': { symlink: '../../vendor/shared-lint' },
    'vendor/shared-lint/SKILL.md': skill('shared-lint', 'Runs the shared lint rules.', 'triggers: [lint]\n'),
    '.openhands/microagents/repo.md': 'This repository deploys with GitHub Actions.\n',
    '.openhands/microagents/github.md': '---\ntriggers:\n- github\n- pull request\n---\nUse the gh CLI.\n',
    '.openhands/skills/onboarding.md': '---\ntriggers: [onboarding, new hire]\n---\nWelcome new engineers.\n',
    '.claude-plugin/marketplace.json': JSON.stringify(
      {
        name: 'acme-tools',
        owner: { name: 'Acme', email: 'tools@example.com' },
        description: 'Acme engineering plugins',
        plugins: [
          { name: 'review', source: './plugins/review', description: 'Pull request review' },
          { name: 'ops', source: './plugins/ops', description: 'Operations helpers' },
          { name: 'changelog', source: './skills/changelog', description: 'Changelog writing' },
        ],
      },
      null,
      2,
    ),
    'skills/changelog/SKILL.md': skill('changelog', 'Writes changelog entries from merged pull requests.'),
    'skills/changelog/.claude-plugin/plugin.json': JSON.stringify({
      name: 'changelog',
      version: '1.0.0',
      description: 'Changelog writing',
    }),
    'plugins/review/plugin.json': JSON.stringify(
      {
        $schema: 'https://agent-plugins.org/schemas/1.0.0/plugin.schema.json',
        name: 'review',
        version: '1.2.0',
        description: 'Reviews pull requests.',
        author: { name: 'Acme' },
        license: 'MIT',
        keywords: ['review', 'github'],
      },
      null,
      2,
    ),
    'plugins/review/mcp.json': JSON.stringify(
      {
        $schema: 'https://agent-plugins.org/schemas/1.0.0/mcp.schema.json',
        mcpServers: { github: { type: 'streamable-http', url: 'https://api.example.com/mcp' } },
      },
      null,
      2,
    ),
    'plugins/review/skills/review-pr/SKILL.md': skill('review-pr', 'Reviews a pull request for bugs and style.'),
    'plugins/ops/.plugin/plugin.json': JSON.stringify(
      { name: 'ops', version: '0.3.0', description: 'Operations helpers', author: 'Acme Ops <ops@example.com>', entry_command: 'status' },
      null,
      2,
    ),
    'plugins/ops/.claude-plugin': { symlink: '.plugin' },
    'plugins/ops/commands/status.md':
      '---\ndescription: Shows the status of every service\nargument-hint: "[service]"\n---\nReport the status.\n',
    'plugins/ops/agents/oncall.md':
      '---\nname: oncall\ndescription: Answers on-call questions.\ntools: [terminal]\n---\nYou are on call.\n',
    'plugins/ops/hooks/hooks.json': JSON.stringify(
      { hooks: { PreToolUse: [{ matcher: 'terminal', hooks: [{ type: 'command', command: 'echo checked' }] }] } },
      null,
      2,
    ),
    'plugins/ops/skills/shared-lint': { symlink: '../../../vendor/shared-lint' },
    'plugins/ops/skills/restart/SKILL.md': skill('restart', 'Restarts a service safely.', 'triggers: [restart]\n'),
    'plugins/ops/.mcp.json': JSON.stringify(
      { mcpServers: { status: { command: 'status-mcp', args: ['--root', `$${'{'}SKILL_ROOT}`] } } },
      null,
      2,
    ),
  };
  // Two dozen more skills of ordinary shapes.
  for (const topic of [
    'docker',
    'kubernetes',
    'terraform',
    'postgres',
    'redis',
    'kafka',
    'graphql',
    'react',
    'vue',
    'python',
    'go',
    'rust',
  ]) {
    files[`.agents/skills/${topic}-guide/SKILL.md`] = skill(`${topic}-guide`, `How Acme uses ${topic}.`, `triggers: [${topic}]\n`);
    files[`.openhands/microagents/${topic}-notes.md`] = `---\ntriggers:\n- ${topic} notes\n---\nNotes about ${topic}.\n`;
  }
  return files;
}
