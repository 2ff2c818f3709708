/**
 * A rule example: the smallest input that raises one rule of the validate catalog, as plain data.
 * Most are folders given to `agentwire validate`; the others go through the entry point that
 * raises the rule (a launch link read as `agentwire launch-link inspect` reads it, registrations,
 * a plugin specifier, a configuration repository fetched with git).
 */

import type { RegistrationScope } from 'agentwire/plugins';
import type { Profile } from 'agentwire/validate';

/** A file's contents, or a symbolic link to `symlink` (relative to the link, or absolute). */
export type ExampleFile = string | Uint8Array | { symlink: string };

/** A folder written to a fresh temporary folder and checked with `agentwire validate`. */
export interface TreeExample {
  kind?: 'tree';
  /** The files, by path relative to the folder. */
  files: Record<string, ExampleFile>;
  /** What to validate, relative to the folder (default `.`), as `agentwire validate <path>`. */
  path?: string;
  /** `--profile` (default `openhands`). */
  profiles?: Profile[];
  /** `--service` (default `1.49`). */
  service?: '1.43' | '1.49';
  /** `--preset` (default `neutral`). */
  preset?: 'neutral' | 'openhands';
  /** `--builtin-names`: the names of the built-in skill catalog. */
  builtinNames?: string[];
  note?: string;
}

/**
 * A plugin folder loaded with `loadPluginDirectory`, as `agentwire plugins inspect` loads it; for
 * the rules `agentwire validate` cannot meet, as it checks what it finds before loading it.
 */
export interface PluginFolderExample {
  kind: 'plugin-folder';
  files: Record<string, ExampleFile>;
  /** The plugin folder, relative to the temporary folder. */
  path: string;
  service?: '1.43' | '1.49';
  note?: string;
}

/** A launch link read as `agentwire launch-link inspect` reads it: in both modes unless `mode` says one. */
export interface LaunchLinkExample {
  kind: 'launch-link';
  /** A full link, a path and query, or a bare query. */
  link: string;
  /** `--mode`: only today's app (`service`) or only the tolerant reading. */
  mode?: 'service' | 'tolerant';
  note?: string;
}

/** A list of marketplace registrations, checked with `parseMarketplaceRegistrations`. */
export interface RegistrationExample {
  kind: 'registrations';
  /** The list as a client sends it (any JSON value). */
  registrations: unknown;
  /** The scopes the current user's role may register at (default: every scope). */
  allowedScopes?: RegistrationScope[];
  note?: string;
}

/** A `plugin@marketplace` specifier, read with `parsePluginSpecifier`. */
export interface SpecifierExample {
  kind: 'specifier';
  specifier: string;
  note?: string;
}

/**
 * A configuration repository loaded with `loadConfigRepository`, as `agentwire skills list
 * --org-repo` loads it: a real bare repository made with git holding `files` (none when absent),
 * fetched by its `file:` URL unless `url` names another remote.
 */
export interface ConfigRepositoryExample {
  kind: 'config-repository';
  /** The repository's files, committed on `main`; without them there is no repository at the URL. */
  files?: Record<string, ExampleFile>;
  /** The branch, tag or commit to load. */
  ref?: string;
  /** Another remote to load instead of the local repository. */
  url?: string;
  note?: string;
}

/** The smallest input that raises one rule. */
export type RuleExample =
  | TreeExample
  | PluginFolderExample
  | LaunchLinkExample
  | RegistrationExample
  | SpecifierExample
  | ConfigRepositoryExample;

/** The examples of one area of the catalog, by rule code. */
export type RuleExamples = Record<string, RuleExample>;
