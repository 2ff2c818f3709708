/**
 * The source of a marketplace entry judged by Claude Code: an object of a kind it installs, or a
 * relative path starting with "./" that leads to a folder inside the marketplace's repository.
 * @module
 */
import { resolve } from 'node:path';
import type { JsonPath } from '../../internal/python/json';
import { hasOwn, isInside, type JsonCheckContext, report } from '../../plugins/internal';
import { expectType } from './claude-code-json';
import { CLAUDE_CODE_SOURCE_INVALID, CLAUDE_CODE_SOURCE_MISSING } from './claude-code-rules';
import { pathKind } from './paths';
import type { ResolvedOptions } from './read-text';

/** The object source kinds and the fields each needs. */
export const CLAUDE_CODE_SOURCE_KINDS: Readonly<Record<string, readonly string[]>> = {
  github: ['repo'],
  url: ['url'],
  'git-subdir': ['url', 'path'],
  npm: ['package'],
  pip: ['package'],
};
/** Checks an object source: a kind Claude Code installs, with the fields that kind needs. */
export function checkObjectSource(context: JsonCheckContext, path: JsonPath, source: Record<string, unknown>): void {
  const kind = source.source;
  if (typeof kind !== 'string' || !Object.hasOwn(CLAUDE_CODE_SOURCE_KINDS, kind)) {
    const shown = typeof kind === 'string' ? `"${kind}"` : 'missing';
    report(
      context,
      CLAUDE_CODE_SOURCE_INVALID,
      hasOwn(source, 'source') ? [...path, 'source'] : path,
      'value',
      `The source kind is ${shown}; Claude Code reads github, url, git-subdir, npm and pip sources.`,
    );
    return;
  }
  for (const field of CLAUDE_CODE_SOURCE_KINDS[kind] as readonly string[]) {
    if (!hasOwn(source, field))
      report(
        context,
        CLAUDE_CODE_SOURCE_INVALID,
        path,
        'value',
        `A ${kind} source needs "${field}"; Claude Code cannot install the plugin.`,
      );
    else expectType(context, [...path, field], source[field], ['string']);
  }
}

/** Checks a path source; returns the plugin folder it leads to when that is a folder inside `root`. */
export async function checkPathSource(
  context: JsonCheckContext,
  path: JsonPath,
  source: string,
  root: string,
  pluginRoot: string | undefined,
  options: ResolvedOptions,
): Promise<string | undefined> {
  if (source !== '.' && !source.startsWith('./')) {
    const hint = /^[\w.-]+(?:\/[\w.-]+)*$/.test(source) && !source.startsWith('..') ? `Write "./${source}".` : undefined;
    report(
      context,
      CLAUDE_CODE_SOURCE_INVALID,
      path,
      'value',
      `The source "${source}" is not a relative path starting with "./"; Claude Code fails validation.`,
      hint ? { hint } : {},
    );
    return undefined;
  }
  const direct = resolve(root, source);
  const dir = pluginRoot !== undefined && (await pathKind(direct, options)) === undefined ? resolve(root, pluginRoot, source) : direct;
  if (!isInside(root, dir)) {
    report(
      context,
      CLAUDE_CODE_SOURCE_INVALID,
      path,
      'value',
      `The source "${source}" leads above the marketplace folder; Claude Code refuses it.`,
    );
    return undefined;
  }
  const kind = await pathKind(dir, options);
  if (kind !== 'directory') {
    report(
      context,
      CLAUDE_CODE_SOURCE_MISSING,
      path,
      'value',
      `The source "${source}" ${kind ? 'is not a folder' : 'does not exist'} in the repository; Claude Code cannot install this plugin.`,
    );
    return undefined;
  }
  return dir;
}
