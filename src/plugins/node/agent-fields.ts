/**
 * The service's agent definition model applied to an agent file's front matter: how it coerces
 * each field, which values it ignores, and which make it skip the agent (in the order it meets
 * them: its field readers first, the model's own checks last).
 * @module
 */
import { type Diagnostic, diagnostic, type Position } from '../../internal/diagnostic';
import { setOwn } from '../../internal/json-checks';
import type { SkillFileRead } from '../../internal/node/read-skill-file';
import type { Problem } from '../../internal/problem';
import { pythonStrip } from '../../internal/python/text';
import { describePythonType } from '../../internal/python/types';
import type { Rule } from '../../internal/rule';
import { parseLegacyMcpConfig } from '../../internal/tool-servers/legacy-mcp-config';
import type { YamlPath } from '../../internal/yaml-source';
import { parseHooksConfig } from '../hooks/hooks-config';
import { PLUGIN_AGENT_FIELD_IGNORED, PLUGIN_AGENT_INVALID } from './rules';
import type { AgentPermissionMode, PluginAgent } from './types';

const KNOWN_KEYS = /* @__PURE__ */ new Set([
  'name',
  'description',
  'model',
  'color',
  'tools',
  'skills',
  'max_iteration_per_run',
  'max_budget_per_run',
  'hooks',
  'profile_store_dir',
  'mcp_config',
  'mcp_servers',
  'permission_mode',
  'condenser',
]);
const PERMISSION_MODES: readonly AgentPermissionMode[] = ['always_confirm', 'confirm_risky', 'never_confirm'];
const CONDENSER_DEFAULT = /* @__PURE__ */ new Set(['', 'default', 'inherit']);
const CONDENSER_OFF = /* @__PURE__ */ new Set(['none', 'off', 'false', 'no', 'disable', 'disabled']);
const PY_INT = /^[+-]?\d(?:_?\d)*$/;
const PY_FLOAT = /^[+-]?(?:(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?|inf|infinity|nan)$/i;

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** An agent as the service builds it from `read` (the file name `stem` names it when the front matter does not), with every problem. */
export function interpretAgent(read: SkillFileRead, stem: string): { agent: PluginAgent; problems: Problem[] } {
  const { data, yaml, file } = read;
  const problems: Problem[] = [];
  const late: Problem[] = [];
  const at = (key: string): Position | undefined => yaml?.locate([key]);
  const str = (path: YamlPath): string => yaml?.pythonStr(path) ?? '';
  const has = (key: string) => Object.hasOwn(data, key) && data[key] !== undefined;
  const add = (rule: Rule, key: string, message: string, into: Problem[] = problems) =>
    into.push({ diagnostic: diagnostic(rule, { file, at: at(key), message }), effect: rule === PLUGIN_AGENT_INVALID ? 'skill' : 'none' });
  const ignored = (key: string, expected: string) =>
    add(
      PLUGIN_AGENT_FIELD_IGNORED,
      key,
      `\`${key}\` is ${describePythonType(data[key], str([key]))}, not ${expected}: the service ignores it.`,
    );

  const list = (key: string, split: (text: string) => string[]): string[] => {
    const value = data[key];
    if (typeof value === 'string') return split(value);
    if (Array.isArray(value)) return value.map((_, index) => str([key, index]));
    if (value !== undefined && value !== null) ignored(key, 'text or a list');
    return [];
  };
  const description = has('description') ? str(['description']) : '';
  const agent: PluginAgent = {
    name: has('name') ? str(['name']) : stem,
    file,
    description,
    model: has('model') ? str(['model']) : 'inherit',
    color: data.color === undefined || data.color === null ? null : str(['color']),
    tools: list('tools', (text) => [text]),
    skills: list('skills', (text) =>
      text
        .split(',')
        .map(pythonStrip)
        .filter((name) => name !== ''),
    ),
    permissionMode: null,
    maxIterationPerRun: null,
    maxBudgetPerRun: null,
    mcpServers: null,
    hooks: null,
    profileStoreDir: null,
    condenser: null,
    whenToUseExamples: [...description.matchAll(/<example>([\s\S]*?)<\/example>/gi)]
      .map((match) => pythonStrip(match[1] as string))
      .filter((example) => example !== ''),
    metadata: {},
  };

  if (has('permission_mode') && data.permission_mode !== null) {
    const mode = pythonStrip(str(['permission_mode'])).toLowerCase();
    if ((PERMISSION_MODES as readonly string[]).includes(mode)) agent.permissionMode = mode as AgentPermissionMode;
    else
      add(
        PLUGIN_AGENT_INVALID,
        'permission_mode',
        `\`permission_mode\` is "${str(['permission_mode'])}", not one of ${PERMISSION_MODES.join(', ')}.`,
      );
  }

  const iterations = data.max_iteration_per_run;
  if (typeof iterations === 'string') {
    const text = pythonStrip(iterations);
    if (PY_INT.test(text)) agent.maxIterationPerRun = Number(text.replaceAll('_', ''));
    else add(PLUGIN_AGENT_INVALID, 'max_iteration_per_run', `\`max_iteration_per_run\` is "${iterations}", which is not an integer.`);
  } else if (typeof iterations === 'boolean') agent.maxIterationPerRun = iterations ? 1 : 0;
  else if (typeof iterations === 'number' && /^[+-]?\d+$/.test(str(['max_iteration_per_run']))) agent.maxIterationPerRun = iterations;
  else if (iterations !== undefined && iterations !== null) ignored('max_iteration_per_run', 'an integer');

  const budget = data.max_budget_per_run;
  if (typeof budget === 'number') agent.maxBudgetPerRun = budget;
  else if (typeof budget === 'string') {
    const text = pythonStrip(budget);
    if (PY_FLOAT.test(text))
      agent.maxBudgetPerRun = Number.parseFloat(text.replaceAll('_', '').replace(/^([+-]?)inf(inity)?$/i, '$1Infinity'));
    else add(PLUGIN_AGENT_INVALID, 'max_budget_per_run', `\`max_budget_per_run\` is "${budget}", which is not a number.`);
  } else if (budget !== undefined && budget !== null) ignored('max_budget_per_run', 'a number');

  const mcpKey = Object.hasOwn(data, 'mcp_config') ? 'mcp_config' : 'mcp_servers';
  const mcp = data[mcpKey];
  if (mcp !== undefined && mcp !== null) {
    if (!isMapping(mcp))
      add(PLUGIN_AGENT_INVALID, mcpKey, `\`${mcpKey}\` is ${describePythonType(mcp, str([mcpKey]))}, not a mapping of tool servers.`);
    else {
      const parsed = parseLegacyMcpConfig(JSON.stringify({ mcpServers: mcp }), { file });
      if (parsed.ok) agent.mcpServers = parsed.value.mcpServers;
      else add(PLUGIN_AGENT_INVALID, mcpKey, `\`${mcpKey}\` is not a valid tool-server configuration: ${firstError(parsed.diagnostics)}`);
    }
  }

  const store = data.profile_store_dir;
  if (typeof store === 'string') agent.profileStoreDir = store;
  else if (store !== undefined && store !== null)
    add(
      PLUGIN_AGENT_INVALID,
      'profile_store_dir',
      `\`profile_store_dir\` is ${describePythonType(store, str(['profile_store_dir']))}, not text.`,
    );

  const hooks = data.hooks;
  if (isMapping(hooks)) {
    const parsed = parseHooksConfig(JSON.stringify(hooks), { file });
    if (parsed.ok) agent.hooks = parsed.value;
    else add(PLUGIN_AGENT_INVALID, 'hooks', `\`hooks\` is not a valid hook configuration: ${firstError(parsed.diagnostics)}`);
  } else if (hooks !== undefined && hooks !== null) ignored('hooks', 'a mapping');

  readCondenser(data.condenser, agent, () =>
    add(
      PLUGIN_AGENT_INVALID,
      'condenser',
      `\`condenser\` is ${describe(data.condenser, str(['condenser']))}; use "default", "none" or a mapping.`,
    ),
  );

  // The model's own bounds, checked when it is built.
  if (agent.maxIterationPerRun !== null && !(agent.maxIterationPerRun > 0))
    add(
      PLUGIN_AGENT_INVALID,
      'max_iteration_per_run',
      `\`max_iteration_per_run\` is ${agent.maxIterationPerRun}; it must be above 0.`,
      late,
    );
  if (agent.maxBudgetPerRun !== null && !(agent.maxBudgetPerRun > 0))
    add(PLUGIN_AGENT_INVALID, 'max_budget_per_run', `\`max_budget_per_run\` is ${str(['max_budget_per_run'])}; it must be above 0.`, late);

  for (const key of Object.keys(data)) if (!KNOWN_KEYS.has(key)) setOwn(agent.metadata, key, data[key]);
  return { agent, problems: [...problems, ...late] };
}

function readCondenser(value: unknown, agent: PluginAgent, invalid: () => void): void {
  if (value === undefined || value === null || value === true) return;
  if (value === false) agent.condenser = 'none';
  else if (typeof value === 'string') {
    const word = pythonStrip(value).toLowerCase();
    if (CONDENSER_OFF.has(word)) agent.condenser = 'none';
    else if (!CONDENSER_DEFAULT.has(word)) invalid();
  } else if (isMapping(value)) agent.condenser = value;
  else invalid();
}

function describe(value: unknown, text: string): string {
  return typeof value === 'string' ? `"${text}"` : describePythonType(value, text);
}

function firstError(diagnostics: readonly Diagnostic[]): string {
  const found = diagnostics.find((entry) => entry.severity === 'error');
  return found ? found.message : 'the service refuses it.';
}
