/**
 * `agentwire/plugins`: plugin manifests, tool-server and hook files, marketplaces, plugin
 * references and launch links, read as the service reads them, with a diagnostic (file, line,
 * column, rule code, hint) for everything the service would reject, drop or misread. Runs
 * anywhere: no Node built-ins, no `Buffer`. Reading a plugin folder from disk is
 * `agentwire/plugins/node`.
 * @module
 */

export type { Diagnostic, Position, RelatedLocation, Rule, Severity } from '../internal/diagnostic';
export type { PluginParameterValue, PluginReference, PluginSpec } from './plugin-reference';
export type { ParseResult } from './result';

// Manifests, tool servers (mcp.json, .mcp.json) and hooks.

// Marketplaces, plugin sources and references, registrations, conversation resolution.

// Launch links and plugin parameters.
