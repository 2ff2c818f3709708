// @ts-check
// The tables every names file exports (scripts/codegen/api-names.mjs for the service's `/api/v1`,
// scripts/codegen/api-agent-server-names.mjs for the agent server's): what each means is told in
// api-names.mjs, their shapes here.

/** @import { Schemas } from './openapi.mjs' */
/** @import { DocumentName } from './spec.mjs' */

/**
 * Which document a names file is for, and where its code goes (see api-names.mjs).
 * @typedef {{
 *   document: DocumentName,
 *   paths: string[],
 *   idSeparator: string,
 *   folder: string,
 *   namesFile: string,
 *   docName: string,
 *   testFile: string,
 *   harness: string,
 *   testName: string,
 * }} Source
 */

/**
 * How the client takes a response that is not JSON: as text, or as bytes.
 * @typedef {'json' | 'text' | 'binary'} ResponseType
 */

/**
 * An operation's place on the client and the facts the document does not state (see api-names.mjs).
 * @typedef {{
 *   at: string,
 *   idempotent?: boolean,
 *   response?: ResponseType,
 *   sameAs?: Record<string, string>,
 *   positional?: string[],
 *   body?: string,
 *   checks?: Record<string, string>,
 *   errors?: Record<string, string>,
 *   note?: string,
 * }} OperationNames
 */

/**
 * A namespace of the client: its interface, its file (top-level namespaces only), one line of documentation.
 * @typedef {{ type: string, file?: string, doc: string }} Namespace
 */

/**
 * A schema agentwire already has: its type, and the decoder or schema that reads it.
 * @typedef {{ type: string, decoder?: string, schema?: string }} External
 */

/**
 * The tables of a names file.
 * @typedef {{
 *   SOURCE: Source,
 *   OPERATIONS: Record<string, OperationNames>,
 *   NAMESPACES: Record<string, Namespace>,
 *   EXTERNAL: Record<string, External>,
 *   RENAMES: Record<string, string>,
 *   PRESENT: Record<string, string[]>,
 *   SCHEMAS: Schemas,
 *   PROPERTIES: Record<string, Schemas>,
 *   IMPORTS: Record<string, string>,
 *   EXAMPLES: Record<string, unknown>,
 * }} ApiNames
 */

export {};
