/**
 * The shape of a marketplace file (`.plugin/marketplace.json`, `.claude-plugin/marketplace.json`)
 * as `parseMarketplace` returns it: every field real catalogs use, typed, with the keys nobody
 * knows kept in `extra` (the service keeps them too) and the position of every entry.
 * @module
 */
import type { Position } from '../../internal/diagnostic';

/** Keys of an object that no field of the type names, kept as read. */
export type ExtraFields = Record<string, unknown>;

/** Who maintains the marketplace. The service requires `owner.name`. */
export interface MarketplaceOwner {
  name: string;
  email?: string | null;
  url?: string;
  extra: ExtraFields;
}

/** A plugin's or skill's author: an object, or `"Name <email>"` text read into one. */
export interface MarketplaceAuthor {
  name: string;
  email?: string | null;
  url?: string | null;
}

/** `metadata`: free description fields; `pluginRoot` is Claude Code's base folder for bare source names. */
export interface MarketplaceMetadata {
  description?: string | null;
  version?: string | null;
  pluginRoot?: string;
  extra: ExtraFields;
}

/** A plugin source written as text: a path relative to the marketplace root (or an absolute path, `~`, a URL). */
export interface MarketplacePathSource {
  kind: 'path';
  path: string;
}

/** `{source: "github", repo, ref?, path?, sha?}`. */
export interface MarketplaceGitHubSource {
  kind: 'github';
  source: 'github';
  repo: string;
  ref?: string | null;
  path?: string | null;
  sha?: string;
  extra: ExtraFields;
}

/** `{source: "url", url, ref?, path?, sha?}`: any git URL. */
export interface MarketplaceUrlSource {
  kind: 'url';
  source: 'url';
  url: string;
  ref?: string | null;
  path?: string | null;
  sha?: string;
  extra: ExtraFields;
}

/** `{source: "git-subdir", url, path, ref?, sha?}` (Claude Code): a folder of a git repository. The service cannot load it. */
export interface MarketplaceGitSubdirSource {
  kind: 'git-subdir';
  source: 'git-subdir';
  url: string;
  path: string;
  ref?: string | null;
  sha?: string;
  extra: ExtraFields;
}

/** `{source: "local", path}` (Codex catalogs). The service cannot load it. */
export interface MarketplaceLocalSource {
  kind: 'local';
  source: 'local';
  path: string;
  extra: ExtraFields;
}

/** `{source: "npm" | "pip", package, version?, registry?}`. The service cannot load it. */
export interface MarketplacePackageSource {
  kind: 'npm' | 'pip';
  source: 'npm' | 'pip';
  package: string;
  version?: string;
  registry?: string;
  extra: ExtraFields;
}

/** An object source of a kind nobody here knows. The service cannot load it. */
export interface MarketplaceOtherSource {
  kind: 'other';
  source: string;
  extra: ExtraFields;
}

/** Where a plugin entry says its plugin is: one variant per source kind. */
export type MarketplaceSource =
  | MarketplacePathSource
  | MarketplaceGitHubSource
  | MarketplaceUrlSource
  | MarketplaceGitSubdirSource
  | MarketplaceLocalSource
  | MarketplacePackageSource
  | MarketplaceOtherSource;

/** The fields plugin and skill entries share. */
export interface MarketplaceEntryBase {
  name: string;
  description?: string | null;
  version?: string | null;
  author?: MarketplaceAuthor | null;
  category?: string | null;
  homepage?: string | null;
  /** Its index in `plugins` or `skills`. */
  index: number;
  /** Where the entry object starts in the file. */
  at: Position;
  /** Where its `source` value starts. */
  sourceAt: Position;
  extra: ExtraFields;
}

/** An entry of `plugins`. */
export interface MarketplacePluginEntry extends MarketplaceEntryBase {
  source: MarketplaceSource;
  entry_command?: string | null;
  /** Claude Code: `false` lets the entry define the plugin inline. The service loads the source folder either way. Default `true`. */
  strict: boolean;
  /** Inline component definitions (Claude Code). The service does not honour them. */
  commands?: string | string[] | null;
  agents?: string | string[] | null;
  hooks?: string | Record<string, unknown> | null;
  /** `mcpServers` (also read from `mcp_config`). */
  mcpServers?: Record<string, Record<string, unknown>> | null;
  lspServers?: Record<string, Record<string, unknown>> | null;
  /** Claude Code's skill paths of the plugin. The service does not honour them. */
  skills?: unknown;
  license?: string | null;
  keywords: string[];
  tags: string[];
  repository?: string | null;
  displayName?: string;
}

/** An entry of `skills`: a standalone skill folder (the service's own extension of the format). */
export interface MarketplaceSkillEntry extends MarketplaceEntryBase {
  source: string;
}

/** A parsed marketplace file. */
export interface Marketplace {
  name: string;
  owner: MarketplaceOwner;
  description?: string | null;
  version?: string;
  $schema?: string;
  metadata?: MarketplaceMetadata | null;
  plugins: MarketplacePluginEntry[];
  skills: MarketplaceSkillEntry[];
  /** Claude Code's map of old plugin names to new ones. Kept; the service ignores it. */
  renames?: Record<string, string>;
  /** The file the marketplace was read from, as given to the parser. */
  file: string;
  extra: ExtraFields;
}
