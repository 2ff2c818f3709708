// @ts-check
// What the service's models do beyond its OpenAPI document, applied to the loaded document before
// generation. The service validates with pydantic models (lax mode) and extra validators, and
// serializes with model_dump; where those and the document differ, the models win. Each rule is
// marked on the schema node with an `x-service…` key that convert.mjs and emit-fast.mjs read.

import { snakeCase } from './names.mjs';
import { insertProperty, kindOf, memberNames, propertyNamed, schemaNamed, withoutNull } from './openapi.mjs';

/** @import { SchemaNode, Schemas, ToolTitle } from './openapi.mjs' */

/**
 * A tool class's default name: its class name in snake_case, without a trailing `_tool`.
 * @param {string} kind
 */
function toolName(kind) {
  const snake = snakeCase(kind);
  return snake.endsWith('_tool') ? snake.slice(0, -'_tool'.length) : snake;
}

/**
 * Tools whose name is not derived from the class name: a fixed name, or a path inside the tool.
 * @type {Record<string, ToolTitle>}
 */
const TOOL_NAMES = {
  VisionInspectTool: 'inspect_image_with_vision',
  MCPToolDefinition: ['mcp_tool', 'name'],
  ClientTool: ['client_tool_name'],
};

/**
 * Fields the models' own before-validators remove from the input (deprecated, still tolerated).
 * @type {Record<string, string[]>}
 */
const POPPED_FIELDS = {
  TextContent: ['enable_truncation'],
  Message: ['cache_enabled', 'vision_enabled', 'function_calling_enabled', 'force_string_serializer', 'send_reasoning_content'],
};

/** @typedef {'uuid' | 'now' | 'list' | 'record' | 'model'} Factory A default factory of the service's models. */

/**
 * Fields whose default the service's models compute (`default_factory`), which the document cannot
 * show, by `Class.field`. A base class's entry (`Event.id`) holds for every member of its family.
 * Each value is one of the factories of fields.mjs: `uuid` (a fresh UUID4), `now` (the current naive
 * local time), `list` (`[]`), `record` (`{}`), `model` (the field's model with its own defaults).
 * An optional field that has no default in the document, is not nullable and is not listed here
 * stops the generator.
 * @type {Record<string, Factory>}
 */
export const DEFAULT_FACTORIES = {
  // openhands.sdk.event.base.Event
  'Event.id': 'uuid',
  'Event.timestamp': 'now',
  // openhands.sdk.tool.schema.Observation
  'Observation.content': 'list',
  'Condensation.forgotten_event_ids': 'list',
  'ConversationStateUpdateEvent.key': 'uuid',
  'ActionEvent.thinking_blocks': 'list',
  'MessageEvent.activated_skills': 'list',
  'MessageEvent.extended_content': 'list',
  'ObservationEvent.extended_content': 'list',
  'Message.content': 'list',
  'Message.thinking_blocks': 'list',
  'ReasoningItemModel.summary': 'list',
  'MCPToolAction.data': 'record',
  'Commit.changes': 'record',
  'TaskTrackerAction.task_list': 'list',
  'TaskTrackerObservation.task_list': 'list',
  'ListDirectoryObservation.entries': 'list',
  'TerminalObservation.metadata': 'model',
};

/**
 * Fields an after-validator of the model fills when they are null once every field is valid (absent
 * or sent as null: the document shows a plain nullable field), by `Class.field`: the helper of
 * schema-helpers (and of the fast decoder) that computes the value from the validated object.
 * @type {Record<string, string>}
 */
export const AFTER_FILLS = {
  // AgentErrorEvent.classify: ErrorClassification(kind=UNKNOWN, retryable=False), whatever the error says.
  'AgentErrorEvent.classification': 'agentErrorClassification',
  // ConversationErrorEvent.classify: classify_error(self.code, self.detail).
  'ConversationErrorEvent.classification': 'conversationErrorClassification',
};

/**
 * Applies the service's rules to `all` (the document's `components.schemas`), in place.
 * @param {Schemas} all
 */
export function applyServiceRules(all) {
  // `forgotten_event_ids` is a `set[str]`: repeated ids are accepted and collapse.
  const forgotten = propertyNamed(all, 'Condensation-Input', 'forgotten_event_ids');
  delete forgotten.uniqueItems;
  forgotten['x-service'] = 'set';

  // Fields typed `Sequence[...]`: a string is refused and a non-list is `is_instance_of`.
  propertyNamed(all, 'ActionEvent-Input', 'thought')['x-service'] = 'sequence';
  propertyNamed(all, 'Message', 'thinking_blocks')['x-service'] = 'sequence';
  // `Message.content` is a sequence too, and its validator turns null into [] and a string into a text block.
  propertyNamed(all, 'Message', 'content')['x-service'] = 'message-content';

  // `FileEntry.modified_time` is a real datetime: dates and Unix timestamps too, written back as ISO 8601.
  propertyNamed(all, 'FileEntry', 'modified_time')['x-service'] = 'datetime';

  // `ConversationStateUpdateEvent.value` defaults to an empty dict.
  propertyNamed(all, 'ConversationStateUpdateEvent-Input', 'value').default = {};

  // `TaskAction.max_turns` (deprecated, ignored) is hidden from the document but still a field: `int >= 1 | None`.
  propertyNamed(all, 'TaskAction-Input', 'resume');
  const maxTurns = { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }], default: null, 'x-service-hidden': true };
  insertProperty(schemaNamed(all, 'TaskAction-Input'), 'max_turns', maxTurns, ['resume']);

  // An event's `id` may be any string but the reserved root marker `"__root__"` (a validator of the base class).
  for (const member of memberNames(all, 'Event-Input')) propertyNamed(all, member, 'id')['x-service'] = 'event-id';

  for (const [field, helper] of Object.entries(AFTER_FILLS)) {
    const [name, key = ''] = field.split('.');
    const node = propertyNamed(all, `${name}-Input`, key);
    if (!withoutNull(node).nullable) throw new Error(`service rule: ${field} is not nullable`);
    node['x-service-fill'] = helper;
  }

  for (const [schemaName, keys] of Object.entries(POPPED_FIELDS)) schemaNamed(all, schemaName)['x-service-pop'] = keys;

  // Tool definitions: `action_type` must name a registered action kind and `observation_type` an
  // observation kind or null (the document types both as "any"); a computed `title` is dumped after `kind`.
  for (const schemaName of memberNames(all, 'ToolDefinition-Input')) {
    const schema = schemaNamed(all, schemaName);
    const properties = /** @type {Record<string, SchemaNode>} */ (schema.properties);
    propertyNamed(all, schemaName, 'action_type');
    propertyNamed(all, schemaName, 'observation_type');
    properties.action_type = { 'x-service': 'action-kind' };
    properties.observation_type = { 'x-service': 'observation-kind', default: null };
    const kind = kindOf(all, schemaName);
    schema['x-service-title'] = TOOL_NAMES[kind] ?? toolName(kind);
  }
  return all;
}
