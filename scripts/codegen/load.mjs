// @ts-check
// Collects every schema of the OpenAPI document reachable from the `Event-Input` union, with the
// names agentwire gives them.
import { className } from './names.mjs';
import { kindOf, memberNames, reachable } from './openapi.mjs';
import { applyServiceRules } from './service-rules.mjs';

/** @import { OpenApiDocument, SchemaNode, Schemas } from './openapi.mjs' */

/**
 * A tagged union: its TypeScript name, the folder (under `generated/`) of its members, and the
 * constant that lists their kinds.
 * @typedef {{ name: string, family: 'events' | 'actions' | 'observations' | 'tools', kindsConst: string }} UnionInfo
 */

/**
 * The document as the emitters read it: every schema (`all`, the service's rules applied), those
 * reachable from `Event-Input` in a stable order, the union each union member belongs to, and the
 * kinds of each union (by its TypeScript name) in the document's order.
 * @typedef {{
 *   doc: OpenApiDocument,
 *   all: Schemas,
 *   reachable: Map<string, SchemaNode>,
 *   unionOf: Map<string, UnionInfo>,
 *   kinds: Record<string, string[]>,
 * }} Loaded
 */

/**
 * The four tagged unions, keyed by their OpenAPI name.
 * @type {Record<string, UnionInfo>}
 */
export const UNIONS = {
  'Event-Input': { name: 'Event', family: 'events', kindsConst: 'EVENT_KINDS' },
  'Action-Input': { name: 'Action', family: 'actions', kindsConst: 'ACTION_KINDS' },
  'Observation-Input': { name: 'Observation', family: 'observations', kindsConst: 'OBSERVATION_KINDS' },
  'ToolDefinition-Input': { name: 'ToolDefinition', family: 'tools', kindsConst: 'TOOL_DEFINITION_KINDS' },
};

/**
 * Names that would be unclear or clash once the OpenAPI's module prefixes are removed.
 * @type {Record<string, string>}
 */
const RENAMES = {
  ActionType: 'FileChangeType',
  mcp__types__Tool: 'McpTool',
  mcp__types__ToolAnnotations: 'McpToolAnnotations',
};

/**
 * The TypeScript name of an OpenAPI schema name.
 * @param {string} schemaName
 * @returns {string}
 */
export const typeName = (schemaName) => RENAMES[schemaName] ?? className(schemaName);

/**
 * Returns the reachable schemas of a parsed document (see spec.mjs) in a stable order.
 * @param {OpenApiDocument} doc
 * @returns {Loaded}
 */
export function loadSchemas(doc) {
  const all = applyServiceRules(doc.components.schemas);
  const reached = reachable(all, ['Event-Input']);

  /** @type {Map<string, UnionInfo>} */
  const unionOf = new Map();
  /** @type {Record<string, string[]>} */
  const kinds = {};
  for (const [unionName, info] of Object.entries(UNIONS)) {
    const unionKinds = [];
    for (const memberName of memberNames(all, unionName)) {
      const kind = kindOf(all, memberName);
      if (typeName(memberName) !== kind) throw new Error(`${memberName}: kind ${kind} differs from its name`);
      unionOf.set(memberName, info);
      unionKinds.push(kind);
    }
    kinds[info.name] = unionKinds;
  }
  const allKinds = Object.values(kinds).flat();
  if (new Set(allKinds).size !== allKinds.length) throw new Error('a kind name appears in two unions');
  const names = [...reached.keys()].map(typeName);
  if (new Set(names).size !== names.length) throw new Error('two schemas map to one TypeScript name');

  return { doc, all, reachable: reached, unionOf, kinds };
}
