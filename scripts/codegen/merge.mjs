// @ts-check
// One document of event models from the two vendored ones. The service runs the agent server's
// models of its current release (agent-server-openapi.json); its own service-openapi.json was
// written by an older build. Where they differ on an event, action, observation, tool definition
// or an object inside them, the release's models win, except where a difference is an artifact of
// how the newer document was written, or a decision recorded below says otherwise. Each
// difference is resolved by exactly one rule; one that no rule covers stops the generator.
import { compareDocuments, renameRefs } from './compare.mjs';
import { UNIONS } from './load.mjs';
import { insertProperty, memberNames, propertyNamed, reachable, schemaNamed } from './openapi.mjs';

/** @import { Difference } from './compare.mjs' */
/** @import { OpenApiDocument, SchemaNode, Schemas } from './openapi.mjs' */

/**
 * A difference as a rule resolved it: the rule, the document whose form is generated (`older`,
 * the service's, or `newer`, the release's), and why.
 * @typedef {Difference & { rule: string, take: 'older' | 'newer', why: string }} ResolvedDifference
 */

/**
 * What the rules know besides the difference: the union each union member belongs to, and the
 * schemas only the kinds the newer document dropped reach.
 * @typedef {{ members: Map<string, string>, olderOnly: Set<string> }} RuleContext
 */

/**
 * A rule: its id, whether it applies to a difference, the document it takes, and why.
 * @typedef {{
 *   id: string,
 *   applies: (d: Difference, c: RuleContext) => boolean,
 *   take: 'older' | 'newer',
 *   why: string | ((d: Difference) => string),
 * }} Rule
 */

const TOOLS = 'ToolDefinition-Input';

/**
 * Decisions on single differences, by `Schema.field`. The MCP objects come from the `mcp` package,
 * whose version differs between the two documents (the newer one renamed its module, added
 * `Icon.theme` and dropped `additionalProperties: true`); the corpus holds no tool of an MCP server,
 * so it cannot tell which one the service runs. Keeping them open loses nothing.
 * @type {Record<string, Decision>}
 */
const DECISIONS = {
  'mcp__types__Tool.(additionalProperties)': 'open',
  'mcp__types__ToolAnnotations.(additionalProperties)': 'open',
  'ToolExecution.(additionalProperties)': 'open',
  'Icon.(additionalProperties)': 'open',
  'Icon.theme': 'theme',
  'mcp__types__Tool.(order)': 'order',
};

/** @typedef {keyof typeof DECISION_WHY} Decision */

const DECISION_WHY = {
  open: 'MCP package: kept open. Unknown keys of an MCP server’s description are kept and written back; without `additionalProperties` the models ignore them, so they would be dropped.',
  theme:
    'MCP package: the open `Icon` keeps a `theme` as sent and writes it back. Declaring it would refuse values other than light and dark and add `theme: null` to every icon.',
  order: 'MCP package: the older field order, with the rest of the older MCP models.',
};

/**
 * The rules, in order; the first that applies resolves a difference. `take` is the document whose
 * form is generated: `older` (the service's) or `newer` (the release's).
 * @type {Rule[]}
 */
const RULES = [
  {
    id: 'kind-required',
    applies: (d, c) => d.field === '(required)' && d.new === 'kind' && c.members.has(d.schema),
    take: 'older',
    why: 'Serialization mode: `kind` is always written. agentwire requires `kind` in every union member already, as the service does.',
  },
  {
    id: 'computed-title',
    applies: (d, c) => c.members.get(d.schema) === TOOLS && d.property === 'title' && d.old === undefined,
    take: 'older',
    why: 'Serialization mode: the computed `title`, written after `kind`. agentwire computes it and ignores a `title` on input, as the models do.',
  },
  {
    id: 'kind-names',
    applies: (d, c) => c.members.get(d.schema) === TOOLS && (d.field === 'action_type' || d.field === 'observation_type'),
    take: 'older',
    why: 'Serialization mode: a kind’s name. On input the service resolves the name to a registered kind (see service-rules.mjs).',
  },
  {
    id: 'older-kinds',
    applies: (d) => d.field === '(members)' && d.new === undefined,
    take: 'older',
    why: 'The service still registers this kind (its own validation errors list it and it accepts events of it); only the agent server’s document leaves it out.',
  },
  {
    id: 'older-models',
    applies: (d, c) => d.field === '(schema)' && d.new === undefined && c.olderOnly.has(d.schema),
    take: 'older',
    why: 'A kind the service still registers, or a model reached only through one: kept.',
  },
  {
    id: 'decision',
    applies: (d) => DECISIONS[`${d.schema}.${d.field}`] !== undefined,
    take: 'older',
    why: (d) => DECISION_WHY[/** @type {Decision} */ (DECISIONS[`${d.schema}.${d.field}`])],
  },
  {
    id: 'new-field',
    applies: (d) =>
      d.property !== undefined && d.field === d.property && d.old === undefined && !(/** @type {SchemaNode} */ (d.new).readOnly),
    take: 'newer',
    why: 'A field of the release’s models: added.',
  },
  {
    id: 'new-model',
    applies: (d) => d.field === '(schema)' && d.old === undefined,
    take: 'newer',
    why: 'A model of the release: added.',
  },
];

/**
 * The union each member of the service's four unions belongs to.
 * @param {Schemas} schemas
 */
function membersOf(schemas) {
  /** @type {Map<string, string>} */
  const members = new Map();
  for (const union of Object.keys(UNIONS)) {
    for (const member of memberNames(schemas, union)) members.set(member, union);
  }
  return members;
}

/**
 * Merges the event models of the service's document and the agent server's. Returns
 * `{ document, differences }`: a copy of the service's document whose event models are the merged
 * ones, and every difference found, each with `rule`, `take` (`older` or `newer`) and `why`.
 * @param {OpenApiDocument} service
 * @param {OpenApiDocument} agentServer
 * @returns {{ document: OpenApiDocument, differences: ResolvedDifference[] }}
 */
export function mergeDocuments(service, agentServer) {
  const document = structuredClone(service);
  const schemas = document.components.schemas;
  const newer = agentServer.components.schemas;
  const { names, differences } = compareDocuments(service.components.schemas, newer);
  const original = new Map([...names].map(([newName, oldName]) => [oldName, newName]));
  const rename = (/** @type {string} */ name) => names.get(name) ?? name;

  const members = membersOf(schemas);
  const dropped = differences.filter((d) => d.field === '(members)' && d.new === undefined).map((d) => /** @type {string} */ (d.member));
  const olderOnly = new Set(dropped.flatMap((member) => [...reachable(schemas, [member]).keys()]));
  const context = { members, olderOnly };

  /** @type {ResolvedDifference[]} */
  const resolved = [];
  for (const difference of differences) {
    const rule = RULES.find((candidate) => candidate.applies(difference, context));
    if (!rule) {
      throw new Error(
        `${difference.schema}.${difference.field} differs between the documents and no rule of scripts/codegen/merge.mjs ` +
          `resolves it: ${JSON.stringify(difference.old)} in the service's, ${JSON.stringify(difference.new)} in the agent server's`,
      );
    }
    resolved.push(
      Object.assign(difference, { rule: rule.id, take: rule.take, why: typeof rule.why === 'function' ? rule.why(difference) : rule.why }),
    );
    if (rule.take === 'older') continue;
    const sourceName = original.get(difference.schema) ?? difference.schema;
    const source = schemaNamed(newer, sourceName);
    if (rule.id === 'new-model') {
      schemas[difference.schema] = renameRefs(source, rename);
    } else {
      const target = schemaNamed(schemas, difference.schema);
      const property = /** @type {string} */ (difference.property);
      const node = propertyNamed(newer, sourceName, property);
      // After the nearest property that precedes it in the newer document.
      const order = Object.keys(source.properties ?? {});
      insertProperty(target, property, renameRefs(node, rename), order.slice(0, Math.max(order.indexOf(property), 0)).reverse());
      if (source.required?.includes(property)) target.required = [...(target.required ?? []), property];
    }
  }
  return { document, differences: resolved };
}
