// @ts-check
// Names derived from the documents' names: a schema's class name, and the cases TypeScript, file
// names and the service's Python write names in.

/**
 * The class name of a schema: its name without the module path and the pydantic mode suffix
 * (`openhands__sdk__tool__spec__Tool` → `Tool`, `Event-Input` → `Event`).
 * @param {string} schemaName
 */
export const className = (schemaName) => (schemaName.split('__').at(-1) ?? schemaName).replace(/-(Input|Output)$/, '');

/**
 * kebab-case of a PascalCase name: `ACPToolCallEvent` → `acp-tool-call-event`.
 * @param {string} name
 */
export const kebabCase = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();

/**
 * snake_case of a PascalCase name as the service's Python writes it: `MCPToolDefinition` →
 * `mcp_tool_definition`.
 * @param {string} name
 */
export const snakeCase = (name) =>
  name
    .replace(/(.)([A-Z][a-z]+)/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();

/**
 * camelCase of a snake_case name: `sandbox_id` → `sandboxId`.
 * @param {string} snake
 */
export const camelCase = (snake) => snake.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

/**
 * PascalCase of a snake_case name: `search_events` → `SearchEvents`.
 * @param {string} snake
 */
export const pascalCase = (snake) => snake.replace(/(^|_)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
