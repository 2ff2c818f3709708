/**
 * Every rule `agentwire validate` can report, in one list: the rules of each area of the library
 * (raised under the `openhands` profile) and the rules only the other profiles raise, each with
 * the profiles that can raise it. The SARIF output and the rule reference (docs/validate/rules/) are built from it.
 * @module
 */
import type { Rule } from '../internal/rule';
import {
  HOOK_RULES,
  LAUNCH_LINK_RULES,
  MANIFEST_RULES,
  MARKETPLACE_RULES,
  MCP_RULES,
  REFERENCE_RULES,
  REGISTRATION_RULES,
  SOURCE_RULES,
  SPECIFIER_RULES,
} from '../plugins/index';
import { JSON_DOCUMENT_RULES } from '../plugins/internal';
import { PLUGIN_DIRECTORY_RULES } from '../plugins/node';
import { SKILL_RULES } from '../skills/index';
import { PROFILE_RULES, type ProfileRule, SHARED_PROFILE_RULES } from './profiles/index';
import { VALIDATE_RULES } from './rules';
import { SUPPRESSION_RULES } from './suppression-rules';
import { PROFILES, type Profile } from './types';

/** A group of rules in the documentation: one area of the library, or one profile's own rules. */
export interface RuleArea {
  /** A stable identifier, such as `hooks` or `agentskills`. */
  id: string;
  /** The title of its page in docs/validate/rules/. */
  title: string;
  /** One or two sentences: which files or values the rules judge. */
  summary: string;
}

/** One rule of the catalog. */
export interface CatalogRule extends Rule {
  /** The {@link RuleArea.id} it is documented under. */
  area: string;
  /** The profiles that can raise it, in {@link PROFILES} order. */
  profiles: Profile[];
}

/** The areas of the library and the command's own checks, with the rule table of each; their rules are raised under `openhands`. */
export function libraryRuleTables(): readonly (RuleArea & { rules: readonly Rule[] })[] {
  return [
    {
      id: 'skills',
      title: 'Skills and context files',
      summary:
        '`SKILL.md` files, legacy single-file skills, `AGENTS.md` and the other instruction files, and configuration repositories. See [skills](skills.md) and [configuration repositories](skills-config-repositories.md).',
      rules: SKILL_RULES,
    },
    {
      id: 'json',
      title: 'JSON files',
      summary: 'Every JSON file of a plugin or marketplace: `plugin.json`, `mcp.json`, `.mcp.json`, `hooks.json`, `marketplace.json`.',
      rules: JSON_DOCUMENT_RULES,
    },
    {
      id: 'manifests',
      title: 'Plugin manifests',
      summary:
        'The Agent Plugins root `plugin.json` and the legacy `.plugin/plugin.json` or `.claude-plugin/plugin.json`. See [plugins](plugins.md).',
      rules: MANIFEST_RULES,
    },
    {
      id: 'plugin-folders',
      title: 'Plugin folders',
      summary:
        'What a plugin folder holds beyond its manifest: the components the service reads or ignores, commands, agents, and paths that leave the plugin. See [plugins](plugins.md).',
      rules: PLUGIN_DIRECTORY_RULES,
    },
    {
      id: 'tool-servers',
      title: 'Tool-server files',
      summary: 'The Agent Plugins `mcp.json` and the `.mcp.json` of legacy plugins and skill folders. See [plugins](plugins.md).',
      rules: MCP_RULES,
    },
    { id: 'hooks', title: 'Hooks', summary: '`hooks/hooks.json` in a plugin. See [plugins](plugins.md).', rules: HOOK_RULES },
    {
      id: 'marketplaces',
      title: 'Marketplaces',
      summary: '`.plugin/marketplace.json` and `.claude-plugin/marketplace.json`. See [marketplaces](marketplaces.md).',
      rules: MARKETPLACE_RULES,
    },
    {
      id: 'sources',
      title: 'Plugin sources',
      summary: 'Where a plugin comes from: `github:owner/repo`, a git URL or a path. See [marketplaces](marketplaces.md).',
      rules: SOURCE_RULES,
    },
    {
      id: 'references',
      title: 'Plugin references and specifiers',
      summary: 'A plugin reference `{source, ref, repo_path}` and a `plugin@marketplace` specifier. See [marketplaces](marketplaces.md).',
      rules: [...REFERENCE_RULES, ...SPECIFIER_RULES],
    },
    {
      id: 'registrations',
      title: 'Marketplace registrations',
      summary: 'A marketplace registered for a user or an organization. See [marketplaces](marketplaces.md).',
      rules: REGISTRATION_RULES,
    },
    {
      id: 'repository',
      title: 'Repositories',
      summary:
        'What `agentwire validate` checks across the files of a repository: whether its marketplaces and its plugin and skill folders cover each other, and whether a path holds anything to check.',
      rules: VALIDATE_RULES,
    },
    {
      id: 'suppressions',
      title: 'Suppression comments',
      summary:
        'The `agentwire-disable-next-line`, `agentwire-disable-line` and `agentwire-disable` comments of Markdown files and their front matter (see [Suppressing a finding](#suppressing-a-finding)). Every profile raises them.',
      rules: SUPPRESSION_RULES,
    },
    {
      id: 'launch-links',
      title: 'Launch links',
      summary:
        'Links that start a conversation with plugins, as `agentwire launch-link inspect` reads them. See [launch links](launch-links.md).',
      rules: LAUNCH_LINK_RULES,
    },
  ];
}

/** The sections of the rules only another profile raises, one per profile. */
export const PROFILE_AREAS: readonly RuleArea[] = [
  {
    id: 'agentskills',
    title: 'Agent Skills specification (`agentskills`)',
    summary: 'Rules of the Agent Skills specification that the service does not apply.',
  },
  {
    id: 'claude-code',
    title: 'Claude Code (`claude-code`)',
    summary: "Rules of Claude Code's plugins and marketplaces that the service does not apply.",
  },
  {
    id: 'agent-plugins',
    title: 'Agent Plugins 1.0.0 (`agent-plugins`)',
    summary: 'Rules of the Agent Plugins 1.0.0 specification that the service does not apply.',
  },
];

/** Every section of the catalog, in documentation order: the areas of the library and the command's own checks, then one per profile. */
export function ruleAreas(): readonly RuleArea[] {
  return [...libraryRuleTables().map(({ id, title, summary }) => ({ id, title, summary })), ...PROFILE_AREAS];
}

const byProfileOrder = (profiles: Iterable<Profile>): Profile[] => {
  const set = new Set(profiles);
  return PROFILES.filter((profile) => set.has(profile));
};

/**
 * Builds the catalog from the library's tables and `profileRules`. A code listed twice is one
 * entry: the first rule's text, every profile that raises it. A rule in no table of the library is
 * documented under the section of its first profile other than `openhands`, or under `repository`
 * when only `openhands` raises it.
 */
export function buildRuleCatalog(profileRules: readonly ProfileRule[]): CatalogRule[] {
  const catalog = new Map<string, CatalogRule>();
  for (const table of libraryRuleTables()) {
    for (const rule of table.rules) {
      if (!catalog.has(rule.code)) catalog.set(rule.code, { ...rule, area: table.id, profiles: ['openhands'] });
    }
  }
  for (const { profiles, ...rule } of profileRules) {
    const known = catalog.get(rule.code);
    if (known) {
      known.profiles = byProfileOrder([...known.profiles, ...profiles]);
      continue;
    }
    const ordered = byProfileOrder(profiles);
    const area = ordered.find((profile) => profile !== 'openhands') ?? 'repository';
    catalog.set(rule.code, { ...rule, area, profiles: ordered });
  }
  return [...catalog.values()];
}

let cached: readonly CatalogRule[] | undefined;

/** Every rule `validate` (and `agentwire validate`) can report, in documentation order. */
export function ruleCatalog(): readonly CatalogRule[] {
  // Suppression comments are read whatever the profiles: every profile raises their rules.
  cached ??= buildRuleCatalog([
    ...PROFILE_RULES,
    ...SHARED_PROFILE_RULES,
    ...SUPPRESSION_RULES.map((rule): ProfileRule => ({ ...rule, profiles: [...PROFILES] })),
  ]);
  return cached;
}

let index: Map<string, CatalogRule> | undefined;

/** The rule with this code, if the catalog has it. */
export function findRule(code: string): CatalogRule | undefined {
  index ??= new Map(ruleCatalog().map((rule) => [rule.code, rule]));
  return index.get(code);
}
