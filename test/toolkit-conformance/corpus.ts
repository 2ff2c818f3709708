/**
 * The toolkit conformance corpus (`test/fixtures/toolkit-conformance.jsonl.gz`, see its README):
 * skill trees, plugin folders and matching probes, each with the service's recorded answer.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** The kinds of case, in the order the report lists them. */
export const CASE_KINDS = ['project', 'org', 'public', 'plugin', 'triggers', 'paths'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
export type TreeKind = 'project' | 'org' | 'public' | 'plugin';

/** One file of a tree: its bytes as text (`utf-8`) or `base64`. */
export interface TreeFile {
  path: string;
  encoding: 'utf-8' | 'base64';
  content: string;
  /** Octal, only when not 0644. */
  mode?: string;
}

export interface Tree {
  files: TreeFile[];
  symlinks?: { path: string; target: string }[];
  emptyDirs?: string[];
}

/** A file the service loaded on its own, to tell the files it drops (see the README). */
export interface Probe {
  file: string;
  folder?: string;
  kind?: 'instruction' | 'nested' | 'skill' | 'command' | 'agent';
  ok: boolean;
  name?: string;
  description?: string | null;
  trigger?: { type: string } | null;
  mcp?: unknown;
  error?: string;
  caught?: boolean;
  fm?: { keys?: string[]; error?: string; handler: string | null; tagged?: boolean; nel?: boolean };
}

/** A skill as the service loaded it (also a plugin's command skills). */
export type SkillRecord = Record<string, unknown> & { name: string; file: string };

/** What the service answered for a tree. */
export interface TreeReference {
  skills?: SkillRecord[];
  dropped?: boolean;
  error?: string;
  probes: Probe[];
  /** Plugins only. */
  ok?: boolean;
  commandSkills?: SkillRecord[];
  commands?: (Record<string, unknown> & { file: string })[];
  agents?: (Record<string, unknown> & { file: string })[];
  hooks?: unknown;
  mcp?: unknown;
  [field: string]: unknown;
}

interface CaseBase {
  id: string;
  why: string;
  loader: string;
  /** The agentwire function that answers the same question. */
  agentwire: string;
  options: Record<string, unknown>;
}

export interface TreeCase extends CaseBase {
  kind: TreeKind;
  folder: string;
  rootLength: number;
  git: boolean;
  workDir?: string;
  tree: Tree;
  reference: TreeReference;
}

/** The one skill or rule a probe matches against. */
export interface CatalogEntry {
  name: string;
  trigger: { type: 'keyword'; keywords: string[] } | { type: 'path'; paths: string[] };
}

export interface TriggersCase extends CaseBase {
  kind: 'triggers';
  catalog: CatalogEntry[];
  keywords: string[];
  texts: string[];
  reference: { matches: (string | null)[] };
}

export interface PathsCase extends CaseBase {
  kind: 'paths';
  catalog: CatalogEntry[];
  globs: string[];
  paths: string[];
  reference: { matches: (string | null)[] };
}

export type ProbeCase = TriggersCase | PathsCase;
export type ConformanceCase = TreeCase | ProbeCase;

/** Whether a case is a tree to write to disk. */
export function isTreeCase(entry: ConformanceCase): entry is TreeCase {
  return entry.kind !== 'triggers' && entry.kind !== 'paths';
}

/** The inputs of a probe case: its texts or its paths. Each is one unit. */
export function probeInputs(entry: ProbeCase): string[] {
  return entry.kind === 'triggers' ? entry.texts : entry.paths;
}

/** How many units a case counts for: one per tree, one per text or path of a probe. */
export function unitCount(entry: ConformanceCase): number {
  return isTreeCase(entry) ? 1 : probeInputs(entry).length;
}

/** Every case of the corpus, in file order. */
export function loadToolkitCorpus(): ConformanceCase[] {
  const text = gunzipSync(readFileSync(new URL('../fixtures/toolkit-conformance.jsonl.gz', import.meta.url))).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ConformanceCase);
}
