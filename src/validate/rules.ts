/**
 * The rules `agentwire validate` raises itself, beyond those of the skill and plugin loaders:
 * whether a marketplace and the repository around it cover each other.
 * @module
 */
import { defineRule, type Rule } from '../internal/rule';

export const COVERAGE_ENTRY_MISSING = /* @__PURE__ */ defineRule({
  code: 'coverage-entry-missing',
  severity: 'error',
  title: 'A marketplace entry points at nothing',
  description:
    'The entry\u2019s source resolves to a folder of the repository that does not exist, or that holds no plugin (no plugin.json, .plugin/ or .claude-plugin/, no skills, commands, agents, hooks or tool servers) or no skill (no SKILL.md). The service fails to load it for everyone who installs it.',
  hint: 'Fix the source path, or remove the entry.',
  example: '{ "name": "pr-review", "source": "./plugins/pr-reveiw" }',
});

export const COVERAGE_UNLISTED_PLUGIN = /* @__PURE__ */ defineRule({
  code: 'coverage-unlisted-plugin',
  severity: 'warning',
  title: 'A plugin of the repository is in no marketplace',
  description:
    'A folder under `plugins/` holds a plugin that none of the repository\u2019s marketplaces lists: nobody who uses the marketplace gets it.',
  hint: 'Add an entry for it to a marketplace, or move it out of `plugins/`.',
});

export const COVERAGE_UNLISTED_SKILL = /* @__PURE__ */ defineRule({
  code: 'coverage-unlisted-skill',
  severity: 'warning',
  title: 'A skill of the repository is in no marketplace',
  description:
    'A folder under `skills/` holds a SKILL.md that none of the repository\u2019s marketplaces lists, as a skill or inside a listed plugin.',
  hint: 'Add an entry for it to a marketplace, or move it out of `skills/`.',
});

export const NOTHING_FOUND = /* @__PURE__ */ defineRule({
  code: 'validate-nothing-found',
  severity: 'warning',
  title: 'A path holds nothing to check',
  description:
    'No instruction file, skill, plugin, marketplace, hooks or tool-server file was found at this path, nor in the folders below it that `agentwire validate` looks into, so nothing was validated there. The command fails with exit code 2 whatever this rule is set to.',
  hint: 'Check the path: pass the repository root, a skills folder, a plugin folder or one of their files.',
});

/** The rules of `agentwire validate` itself. */
export const VALIDATE_RULES: readonly Rule[] = [COVERAGE_ENTRY_MISSING, COVERAGE_UNLISTED_PLUGIN, COVERAGE_UNLISTED_SKILL, NOTHING_FOUND];
