/**
 * `resolveConversationPlugins`: which plugins a new conversation gets, from which layer, and why —
 * the instance catalog, then registered marketplaces (Auto-Load, by scope), then the
 * conversation's own attachments — with what each one shadowed. Marketplaces come in parsed:
 * nothing is fetched here.
 * @module
 */

import type { PluginReference, PluginSpec } from '../plugin-reference';
import { checkPluginReference } from '../sources/reference-check';
import { type MarketplaceSourceResolution, resolveMarketplaceSource } from './marketplace-source';
import type { Marketplace, MarketplacePluginEntry } from './marketplace-types';
import type { RegisteredMarketplace } from './plugin-specifier';
import { autoLoads } from './registration';

/** The conversation a plugin set is decided for: its owner, and its organization when it has one. */
export interface ConversationScope {
  /** The user who owns the conversation; `personal` registrations with this `owner` apply. */
  user: string;
  /** The organization the conversation belongs to; `org` registrations with this `owner` apply. */
  org?: string | null;
}

/**
 * The operator's catalog for the whole instance (such as the bundled extensions catalog): a parsed
 * marketplace whose enabled entries every new conversation gets, vetted by the operator, so without
 * a trust prompt. `enabled`: `true` all entries, `false` none, a list those names; by default the
 * entries marked `"defaultEnabled": true`.
 */
export interface InstanceCatalog {
  name: string;
  marketplace: Marketplace;
  /** The folder it was loaded from; relative sources resolve against it. `<name>` when omitted. */
  root?: string;
  /** Where the catalog itself came from; relative sources then also resolve into that repository. */
  source?: PluginReference;
  enabled?: boolean | readonly string[];
}

/** A plugin the conversation was started with explicitly. */
export interface ConversationAttachment {
  reference: PluginSpec | PluginReference;
  /** How it came: the plugin directory, a launch link, or the API. */
  via: 'plugin-directory' | 'launch-link' | 'api';
  /** The plugin's name (its manifest name); derived from the source when omitted (last folder of `repo_path`, else the repository or folder name). */
  name?: string;
}

/** The input of {@link resolveConversationPlugins}. */
export interface ResolveConversationPluginsInput {
  instanceCatalog?: InstanceCatalog | null;
  /** Registered marketplaces, in registration order. A registration without `scope` was given to this conversation directly and applies to it. */
  registrations?: readonly RegisteredMarketplace[];
  attachments?: readonly ConversationAttachment[];
  scope: ConversationScope;
  /** The conversation already runs: nothing reaches it. */
  running?: boolean;
}

/** The layers, lowest first. */
export type ConversationPluginLayer = 'instance' | 'marketplace' | 'attachment';

/** Why a plugin is in or out. */
export type ConversationPluginReason =
  | 'instance-catalog'
  | 'auto-load'
  | 'attachment'
  | 'shadowed'
  | 'not-enabled'
  | 'not-auto-loaded'
  | 'out-of-scope'
  | 'unresolvable'
  | 'invalid-reference'
  | 'running';

/** Where a plugin came from. */
export interface PluginOrigin {
  name: string;
  layer: ConversationPluginLayer;
  /** The instance catalog's or registration's name. */
  marketplace?: string;
  via?: ConversationAttachment['via'];
}

/** One plugin considered for the conversation. */
export interface ConversationPlugin extends PluginOrigin {
  /** Whether the conversation gets it. */
  included: boolean;
  reason: ConversationPluginReason;
  message: string;
  /** The user must confirm trust before the conversation starts (explicit attachments). */
  needsTrust: boolean;
  /** What the service fetches (its own resolution, for marketplace entries). */
  reference?: PluginReference;
  /** Both resolutions of a marketplace entry's source. */
  resolution?: MarketplaceSourceResolution;
  /** The plugin of the same name this one replaced. */
  shadows?: PluginOrigin;
  /** The later plugin of the same name that replaced this one. */
  shadowedBy?: PluginOrigin;
}

/** The plugin set of a new conversation. */
export interface ConversationPlugins {
  /** Every plugin considered, in layer order. */
  plugins: ConversationPlugin[];
  /** The ones the conversation gets, in load order. */
  loaded: ConversationPlugin[];
  /** Whether any loaded plugin waits for the user's trust confirmation. */
  needsTrust: boolean;
}

/**
 * Decides the plugins of a NEW conversation in the service's layer order: (1) the instance
 * catalog, (2) registered marketplaces, (3) the conversation's attachments; a later plugin
 * replaces an earlier one of the same name. Registering alone loads nothing; Auto-Load adds a
 * marketplace's plugins (all, or those listed) to every conversation in the registration's scope,
 * without a trust prompt; attachments need trust confirmation; with `running: true` nothing is added.
 */
export function resolveConversationPlugins(input: ResolveConversationPluginsInput): ConversationPlugins {
  if (!input?.scope || typeof input.scope.user !== 'string') throw new TypeError('resolveConversationPlugins needs scope.user');
  const plugins: ConversationPlugin[] = [];
  const current = new Map<string, ConversationPlugin>();
  const add = (plugin: ConversationPlugin) => {
    plugins.push(plugin);
    if (!plugin.included) return;
    const earlier = current.get(plugin.name);
    if (earlier) {
      earlier.included = false;
      earlier.reason = 'shadowed';
      earlier.shadowedBy = origin(plugin);
      earlier.message = `"${earlier.name}" from ${describeOrigin(earlier)} is replaced by the plugin of the same name from ${describeOrigin(plugin)}.`;
      plugin.shadows = origin(earlier);
    }
    current.set(plugin.name, plugin);
  };
  const catalog = input.instanceCatalog;
  if (catalog) {
    const enabled = catalog.enabled;
    for (const entry of catalog.marketplace.plugins) {
      const on =
        enabled === undefined
          ? entry.extra.defaultEnabled === true
          : Array.isArray(enabled)
            ? enabled.includes(entry.name)
            : enabled === true;
      const root = catalog.root ?? `<${catalog.name}>`;
      const base = fromEntry(entry, 'instance', catalog.name, root, catalog.source);
      if (!on)
        add({
          ...base,
          included: false,
          reason: 'not-enabled',
          message: `"${entry.name}" is in the instance catalog "${catalog.name}" but not enabled.`,
        });
      else add(resolvable(base, 'instance-catalog', `"${entry.name}" comes with the instance catalog "${catalog.name}"; no trust prompt.`));
    }
  }
  for (const registered of input.registrations ?? []) {
    const { registration } = registered;
    const applies = appliesTo(registered, input.scope);
    for (const entry of registered.marketplace.plugins) {
      const base = fromEntry(entry, 'marketplace', registration.name, registered.root ?? `<${registration.name}>`, registration);
      if (applies !== true)
        add({
          ...base,
          included: false,
          reason: 'out-of-scope',
          message: `"${entry.name}" of marketplace "${registration.name}": ${applies}.`,
        });
      else if (!autoLoads(registration, entry.name))
        add({
          ...base,
          included: false,
          reason: 'not-auto-loaded',
          message: notAutoLoaded(registration.auto_load, entry.name, registration.name),
        });
      else add(resolvable(base, 'auto-load', `"${entry.name}" is auto-loaded from marketplace "${registration.name}"; no trust prompt.`));
    }
  }
  for (const attachment of input.attachments ?? []) {
    const name = attachment.name ?? pluginNameOf(attachment.reference);
    const base = { name, layer: 'attachment' as const, via: attachment.via, needsTrust: true, reference: attachment.reference };
    const checked = checkPluginReference(attachment.reference);
    if (!checked.ok) {
      const why = checked.diagnostics.find((d) => d.severity === 'error')?.message ?? 'the reference is invalid';
      add({ ...base, included: false, reason: 'invalid-reference', message: `"${name}" (${attachment.via}) cannot be fetched: ${why}` });
    } else {
      add({
        ...base,
        included: true,
        reason: 'attachment',
        message: `"${name}" is attached via ${attachment.via}; the user must confirm trust before the conversation starts.`,
      });
    }
  }
  if (input.running) {
    for (const plugin of plugins) {
      if (!plugin.included) continue;
      plugin.included = false;
      plugin.reason = 'running';
      plugin.message = `The conversation is already running: "${plugin.name}" (${describeOrigin(plugin)}) is not added; changes reach only new conversations.`;
    }
  }
  const loaded = plugins.filter((plugin) => plugin.included);
  return { plugins, loaded, needsTrust: loaded.some((plugin) => plugin.needsTrust) };
}

function fromEntry(
  entry: MarketplacePluginEntry,
  layer: 'instance' | 'marketplace',
  marketplace: string,
  root: string,
  from: PluginReference | undefined,
) {
  const resolution = resolveMarketplaceSource(entry, { marketplaceRoot: root, ...(from ? { marketplace: from } : {}) });
  const base = { name: entry.name, layer, marketplace, needsTrust: false, resolution };
  const service = resolution.service;
  if (!service.ok) return base;
  const reference: PluginReference = { source: service.source };
  if (service.ref !== null) reference.ref = service.ref;
  if (service.repo_path !== null) reference.repo_path = service.repo_path;
  return { ...base, reference };
}

function resolvable(base: ReturnType<typeof fromEntry>, reason: 'instance-catalog' | 'auto-load', message: string): ConversationPlugin {
  const { service, correct } = base.resolution;
  if (service.ok) return { ...base, included: true, reason, message };
  const instead = correct.ok ? ` (agentwire resolves it to ${JSON.stringify(correct.reference)})` : '';
  return {
    ...base,
    included: false,
    reason: 'unresolvable',
    message: `"${base.name}" is not loaded: the service fails on its source: ${service.message}${instead}.`,
  };
}

function appliesTo(registered: RegisteredMarketplace, scope: ConversationScope): true | string {
  const kind = registered.registration.scope;
  if (kind === undefined || kind === 'instance') return true;
  if (registered.owner === undefined) return `the ${kind} registration names no owner, so it applies to no conversation`;
  if (kind === 'personal')
    return registered.owner === scope.user ? true : `registered personally by "${registered.owner}", not by this conversation's owner`;
  return scope.org != null && registered.owner === scope.org
    ? true
    : `registered for organization "${registered.owner}", not this conversation's`;
}

function notAutoLoaded(autoLoad: boolean | readonly string[], name: string, marketplace: string): string {
  if (Array.isArray(autoLoad) && autoLoad.length > 0) return `"${name}" is not among the plugins marketplace "${marketplace}" auto-loads.`;
  return `Marketplace "${marketplace}" is registered without Auto-Load: registering alone loads nothing ("${name}" stays available by name).`;
}

function origin(plugin: ConversationPlugin): PluginOrigin {
  const out: PluginOrigin = { name: plugin.name, layer: plugin.layer };
  if (plugin.marketplace !== undefined) out.marketplace = plugin.marketplace;
  if (plugin.via !== undefined) out.via = plugin.via;
  return out;
}

function describeOrigin(plugin: PluginOrigin): string {
  if (plugin.layer === 'instance') return `the instance catalog "${plugin.marketplace}"`;
  if (plugin.layer === 'marketplace') return `marketplace "${plugin.marketplace}"`;
  return `an attachment (${plugin.via})`;
}

/** A plugin's likely name from its reference: the last folder of `repo_path`, else the repository or folder name. */
export function pluginNameOf(reference: PluginReference): string {
  const last = (text: string) =>
    text
      .replace(/[\\/]+$/, '')
      .split(/[\\/:]/)
      .pop() ?? '';
  if (reference.repo_path) return last(reference.repo_path);
  return last(String(reference.source)).replace(/\.git$/, '') || String(reference.source);
}
