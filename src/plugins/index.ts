/**
 * `agentwire/plugins`: plugin manifests, tool-server and hook files, marketplaces, plugin
 * references and launch links, read as the service reads them, with a diagnostic (file, line,
 * column, rule code, hint) for everything the service would reject, drop or misread. Runs
 * anywhere: no Node built-ins, no `Buffer`. Reading a plugin folder from disk is
 * `agentwire/plugins/node`.
 * @module agentwire/plugins
 */

export type { Diagnostic, Position, RelatedLocation, Severity } from '../internal/diagnostic';
export type { JsonPath } from '../internal/python/json';
export type { ParseResult } from '../internal/result';
export type { Rule } from '../internal/rule';
export type { PluginParameterValue, PluginReference, PluginSpec } from './plugin-reference';

// Manifests, tool servers (mcp.json, .mcp.json) and hooks.

export { PythonRegexError, type PythonRegexTranslation, translatePythonRegex } from '../internal/python/regex';
export { type LegacyMcpConfig, type ParseLegacyMcpConfigOptions, parseLegacyMcpConfig } from '../internal/tool-servers/legacy-mcp-config';
export type { LegacyMcpServer, LegacyMcpTransport } from '../internal/tool-servers/legacy-mcp-server';
export {
  expandMcpVariables,
  findMcpVariables,
  type McpVariableOptions,
  type McpVariableReference,
} from '../internal/tool-servers/legacy-mcp-variables';
export type { HookDefinition, HookType } from './hooks/hook-definition';
export {
  analyzeHookMatcher,
  CLAUDE_CODE_TOOL_EQUIVALENTS,
  type HookMatcherAnalysis,
  matchHook,
  SERVICE_TOOL_NAMES,
} from './hooks/hook-matcher';
export { HOOK_RULES } from './hooks/hook-rules';
export {
  HOOK_EVENTS,
  type HookEvent,
  type HookMatcher,
  type HooksConfig,
  hookEventField,
  type ParseHooksConfigOptions,
  parseHooksConfig,
} from './hooks/hooks-config';
export {
  CLAUDE_CODE_COMPONENT_FIELDS,
  type LegacyPluginAuthor,
  type LegacyPluginManifest,
  legacyManifestFor,
  type ParseLegacyPluginManifestOptions,
  parseAuthorString,
  parseLegacyPluginManifest,
} from './manifest/legacy-manifest';
export {
  AGENT_PLUGINS_MANIFEST_SCHEMA,
  type ParsePluginManifestOptions,
  type PluginAuthor,
  type PluginManifest,
  parsePluginManifest,
} from './manifest/manifest';
export { OPENHANDS_NAMESPACE, pluginEntryCommand } from './manifest/manifest-extensions';
export { MANIFEST_RULES } from './manifest/manifest-rules';
export {
  AGENT_PLUGINS_MCP_SCHEMA,
  type McpConfig,
  type McpServer,
  type McpSseServer,
  type McpStdioServer,
  type McpStreamableHttpServer,
  type ParseMcpConfigOptions,
  parseMcpConfig,
} from './mcp/mcp-config';
export { MCP_RULES } from './mcp/mcp-rules';
export { expandPluginVariables, type PluginVariables } from './mcp/mcp-variables';
export { checkPluginName, PLUGIN_NAME_MAX_LENGTH, PLUGIN_NAME_PATTERN, type PluginNameCheck, suggestPluginName } from './plugin-name';

// End of the manifest, tool-server and hook exports (a detached comment: the import sorter orders each block on its own).

// Marketplaces, plugin sources and references, registrations, conversation resolution.

export { type ParseMarketplaceOptions, parseMarketplace } from './marketplace/marketplace';
export { MARKETPLACE_RULES } from './marketplace/marketplace-rules';
export {
  type CorrectSourceResolution,
  type MarketplaceSourceOptions,
  type MarketplaceSourceResolution,
  resolveMarketplaceSkillSource,
  resolveMarketplaceSource,
  type ServiceSourceResolution,
  type SkillSourceLocation,
  type SkillSourceResolution,
} from './marketplace/marketplace-source';
export type {
  ExtraFields,
  Marketplace,
  MarketplaceAuthor,
  MarketplaceEntryBase,
  MarketplaceGitHubSource,
  MarketplaceGitSubdirSource,
  MarketplaceLocalSource,
  MarketplaceMetadata,
  MarketplaceOtherSource,
  MarketplaceOwner,
  MarketplacePackageSource,
  MarketplacePathSource,
  MarketplacePluginEntry,
  MarketplaceSkillEntry,
  MarketplaceSource,
  MarketplaceUrlSource,
} from './marketplace/marketplace-types';
export {
  AmbiguousPluginError,
  findPlugin,
  findPluginOrThrow,
  MarketplaceNotFoundError,
  type PluginLookupResult,
  PluginNotFoundError,
  PluginResolutionError,
  type PluginSpecifier,
  parsePluginSpecifier,
  type RegisteredMarketplace,
  SPECIFIER_RULES,
} from './marketplace/plugin-specifier';
export {
  autoLoads,
  MARKETPLACE_SOURCE_PATTERNS,
  type MarketplaceRegistration,
  type ParseMarketplaceRegistrationOptions,
  parseMarketplaceRegistration,
  parseMarketplaceRegistrations,
  type RegistrationScope,
  toAgentServerRegistration,
} from './marketplace/registration';
export { REGISTRATION_RULES } from './marketplace/registration-rules';
export {
  type ConversationAttachment,
  type ConversationPlugin,
  type ConversationPluginLayer,
  type ConversationPluginReason,
  type ConversationPlugins,
  type ConversationScope,
  type InstanceCatalog,
  type PluginOrigin,
  pluginNameOf,
  type ResolveConversationPluginsInput,
  resolveConversationPlugins,
} from './marketplace/resolve-plugins';
export {
  type FormatPluginSourceOptions,
  formatPluginSource,
  type GitHubPluginSource,
  type GitPluginSource,
  type LocalPluginSource,
  type ParsedPluginSource,
  type PluginSourceOptions,
  parsePluginSource,
  redactSourceCredentials,
  SOURCE_RULES,
} from './sources/plugin-source';
export {
  type CheckedPluginReference,
  type CheckPluginReferenceOptions,
  checkPluginReference,
  REFERENCE_RULES,
} from './sources/reference-check';

// End of the marketplace exports (a detached comment: the import sorter orders each block on its own).

// Launch links and plugin parameters.
export {
  type CreateLaunchLinkOptions,
  createLaunchLink,
  type LaunchLink,
  LaunchLinkError,
  type LaunchLinkErrorCode,
} from './launch-link/launch-link-create';
export { launchLinkDiagnostics } from './launch-link/launch-link-diagnostics';
export { LAUNCH_MESSAGE_LIMIT, sanitizeLaunchMessage } from './launch-link/launch-link-message';
export {
  type LaunchLinkAnswer,
  type LaunchLinkContent,
  type LaunchLinkFailure,
  type LaunchLinkFailureCode,
  type LaunchLinkMode,
  type ParsedLaunchLink,
  type ParseLaunchLinkOptions,
  parseLaunchLink,
} from './launch-link/launch-link-parse';
export type { LaunchPlugin, UncheckedLaunchPlugin } from './launch-link/launch-link-payload';
export {
  LAUNCH_LINK_FILE,
  LAUNCH_LINK_MAX_DEPTH,
  LAUNCH_LINK_MAX_LENGTH,
  LAUNCH_LINK_RULES,
  type LaunchLinkRuleCode,
} from './launch-link/launch-link-rules';
export { formatPluginParameters, pluginDisplayName } from './launch-link/plugin-parameters';
