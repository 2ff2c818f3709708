// Collects every schema of the OpenAPI document reachable from the `Event-Input` union, with the
// names agentwire gives them.
import { applyServiceRules } from './service-rules.mjs';

/** The four tagged unions, keyed by their OpenAPI name. */
export const UNIONS = {
  'Event-Input': { name: 'Event', family: 'events', kindsConst: 'EVENT_KINDS' },
  'Action-Input': { name: 'Action', family: 'actions', kindsConst: 'ACTION_KINDS' },
  'Observation-Input': { name: 'Observation', family: 'observations', kindsConst: 'OBSERVATION_KINDS' },
  'ToolDefinition-Input': { name: 'ToolDefinition', family: 'tools', kindsConst: 'TOOL_DEFINITION_KINDS' },
};

/** Names that would be unclear or clash once the OpenAPI's module prefixes are removed. */
const RENAMES = {
  ActionType: 'FileChangeType',
  mcp__types__Tool: 'McpTool',
  mcp__types__ToolAnnotations: 'McpToolAnnotations',
};

/** The TypeScript name of an OpenAPI schema name. */
export function typeName(schemaName) {
  if (RENAMES[schemaName]) return RENAMES[schemaName];
  const base = schemaName.replace(/-Input$/, '');
  const parts = base.split('__');
  return parts[parts.length - 1];
}

/** kebab-case file name of a TypeScript name: `ACPToolCallEvent` -> `acp-tool-call-event`. */
export function fileName(tsName) {
  return tsName
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** Returns the reachable schemas of a parsed document (see spec.mjs) in a stable order. */
export function loadSchemas(doc) {
  const all = applyServiceRules(doc.components.schemas);
  const seen = new Map();
  const visit = (node) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      const name = node.$ref.split('/').pop();
      if (!seen.has(name)) {
        if (!all[name]) throw new Error(`unresolved $ref ${node.$ref}`);
        seen.set(name, all[name]);
        visit(all[name]);
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' || key === 'title' || key === 'examples' || key === 'mapping') continue;
      visit(value);
    }
  };
  visit({ $ref: '#/components/schemas/Event-Input' });

  const unionOf = new Map();
  const kinds = {};
  for (const [unionName, info] of Object.entries(UNIONS)) {
    const union = all[unionName];
    kinds[info.name] = [];
    for (const member of union.oneOf) {
      const memberName = member.$ref.split('/').pop();
      const kind = all[memberName].properties.kind.const;
      if (typeof kind !== 'string') throw new Error(`${memberName} has no kind const`);
      if (typeName(memberName) !== kind) throw new Error(`${memberName}: kind ${kind} differs from its name`);
      unionOf.set(memberName, info);
      kinds[info.name].push(kind);
    }
  }
  const allKinds = Object.values(kinds).flat();
  if (new Set(allKinds).size !== allKinds.length) throw new Error('a kind name appears in two unions');
  const names = [...seen.keys()].map(typeName);
  if (new Set(names).size !== names.length) throw new Error('two schemas map to one TypeScript name');

  return { doc, all, reachable: seen, unionOf, kinds };
}
