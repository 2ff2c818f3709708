/**
 * How a conversation names a plugin to load: the reference the service stores, and the spec the
 * app sends (a reference with parameters).
 * @module
 */

/**
 * A plugin to fetch: `source` is `github:owner/repo`, a git URL or a local path; `ref` a branch,
 * tag or commit; `repo_path` a folder inside a git source. Wire names, as the service spells them.
 */
export interface PluginReference {
  source: string;
  ref?: string | null;
  repo_path?: string | null;
}

/** A primitive default the user may edit before launching (or any JSON value the link carries). */
export type PluginParameterValue = string | number | boolean | null | PluginParameterValue[] | { [key: string]: PluginParameterValue };

/** A plugin reference with the parameters the app shows for editing (launch links, the app's conversation API). */
export interface PluginSpec extends PluginReference {
  parameters?: Record<string, PluginParameterValue> | null;
}
