/** Examples of the rules of the Agent Skills specification (`--profile agentskills`). */
import type { RuleExamples, TreeExample } from './types';

/** A project whose skill `folder` has a SKILL.md of `text`, judged by the Agent Skills rules. */
const skill = (folder: string, text: string | Uint8Array): TreeExample => ({
  files: { [`.agents/skills/${folder}/SKILL.md`]: text },
  profiles: ['agentskills'],
});

/** A SKILL.md of the deploy skill with these front matter lines. */
const deploy = (frontmatter: string, body = 'Deploy the service.\n') => skill('deploy', `---\n${frontmatter}\n---\n${body}`);

const NAMED = 'name: deploy\ndescription: Deploys the service.';

export const AGENTSKILLS_EXAMPLES: RuleExamples = {
  'agentskills-unreadable': {
    ...skill('deploy', Buffer.from('---\nname: deploy\ndescription: Déploie le service.\n---\nDéployer.\n', 'latin1')),
    note: 'A SKILL.md saved as Latin-1.',
  },
  'agentskills-file-name': {
    files: { '.agents/skills/deploy/skill.md': `---\n${NAMED}\n---\nDeploy the service.\n` },
    profiles: ['agentskills'],
  },
  'agentskills-frontmatter-missing': skill('deploy', '# Deploy\n\nDeploy the service.\n'),
  'agentskills-frontmatter-unclosed': skill('deploy', `---\n${NAMED}\n`),
  'agentskills-frontmatter-cut': deploy('name: deploy\ndescription: Deploys --- and rolls back.'),
  'agentskills-invalid-yaml': deploy('name: deploy\ndescription: "Deploys the service.'),
  'agentskills-yaml-flow-style': deploy(`${NAMED}\nmetadata: { team: platform }`),
  'agentskills-yaml-anchor': deploy('name: &name deploy\ndescription: Deploys the service.'),
  'agentskills-yaml-tag': deploy('name: deploy\ndescription: !!str Deploys the service.'),
  'agentskills-yaml-duplicate-key': deploy(`${NAMED}\nname: deploy`),
  'agentskills-frontmatter-not-mapping': deploy('- deploy\n- release'),
  'agentskills-unexpected-field': deploy(`${NAMED}\ntriggers:\n  - deploy`),
  'agentskills-name-missing': deploy('description: Deploys the service.'),
  'agentskills-name-invalid': skill('Deploy', '---\nname: Deploy\ndescription: Deploys the service.\n---\nDeploy the service.\n'),
  'agentskills-name-mismatch': skill('pdf', '---\nname: pdf-tools\ndescription: Reads PDF files.\n---\nRead them.\n'),
  'agentskills-description-missing': deploy('name: deploy'),
  'agentskills-description-invalid': deploy("name: deploy\ndescription: ''"),
  'agentskills-compatibility-invalid': deploy(`${NAMED}\ncompatibility: ${'Needs a POSIX shell. '.repeat(25)}`),
  'agentskills-metadata-invalid': deploy(`${NAMED}\nmetadata:\n  owner:\n    team: platform`),
  'agentskills-allowed-tools-invalid': deploy(`${NAMED}\nallowed-tools:\n  - Bash\n  - Read`),
  'agentskills-license-invalid': deploy(`${NAMED}\nlicense:\n  - MIT\n  - Apache-2.0`),
  'agentskills-file-too-long': deploy(NAMED, 'Deploy the service.\n'.repeat(500)),
  'agentskills-body-too-many-tokens': deploy(NAMED, `${'Deploy the service, then check the logs. '.repeat(500)}\n`),
  'agentskills-reference-too-deep': {
    files: {
      '.agents/skills/deploy/SKILL.md': `---\n${NAMED}\n---\nFollow [the guide](references/guide.md).\n`,
      '.agents/skills/deploy/references/guide.md': 'See [the details](details.md).\n',
      '.agents/skills/deploy/references/details.md': 'The details.\n',
    },
    profiles: ['agentskills'],
  },
};
