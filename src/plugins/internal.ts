/**
 * What other areas of the package use from `src/plugins/` beyond its public entries (`index.ts`,
 * `node.ts`): the JSON reader and type checks the parsers share, rules cited by code, and the
 * Node folder loader's path helpers. Not a published subpath; other areas import these from here,
 * never from the files themselves. A plain list of re-exports: when a file moves, only its line
 * here changes.
 * @module
 */

export {
  checkJsonType,
  createJsonCheckContext,
  formatJsonPath,
  hasOwn,
  isJsonObject,
  type JsonCheckContext,
  type JsonType,
  report,
} from '../internal/json-checks';
export { DUPLICATE_KEY, INVALID_JSON, JSON_DOCUMENT_RULES, readJsonDocument } from '../internal/json-document';
export { MCP_SERVER_MODEL_REFUSED, MCP_SERVERS_AT_ROOT, MCP_VALUE_COERCED } from '../internal/tool-servers/rules';
export { HOOKS_MATCHER_NEVER_FIRES } from './hooks/hook-rules';
export { MANIFEST_FIELD_NOT_HONOURED } from './manifest/manifest-rules';

// Node only (the folder loader's helpers).
export { isInside } from './node/containment';
export { kindOf } from './node/manifest-file';
