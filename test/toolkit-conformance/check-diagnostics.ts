/**
 * Rules 4 and 5: every file the service drops carries a diagnostic, and every claim agentwire's
 * diagnostics make about the service holds against the reference's answer and its probes.
 */
import { posix } from 'node:path';
import type { Probe, TreeCase, TreeReference } from './corpus';
import type { Difference } from './difference';
import { exceptionType, normalizeMcp } from './json-compare';
import type { OurDiagnostic } from './run-agentwire';

/**
 * Codes that say the service does not load the file they are on. Counted at any severity: several
 * are warnings by rule (a skipped instruction file, an ignored plugin skill), and each still
 * claims the file is not loaded.
 */
const DROP_CODES = new Set([
  'skill-name-invalid',
  'skill-name-mismatch',
  'frontmatter-invalid-yaml',
  'frontmatter-wrong-type',
  'would-drop-skill',
  'invalid-utf8',
  'instruction-file-skipped',
  'nested-skill-ignored',
  'plugin-skill-ignored',
  'plugin-agent-invalid',
]);

/** Codes that say the service reads no front matter from the file. */
const NO_FRONTMATTER_CODES = new Set([
  'bom-before-frontmatter',
  'frontmatter-unclosed',
  'frontmatter-javascript',
  'frontmatter-not-mapping',
]);

/** The front matter keys the service reads (`mcp_tools` only outside a SKILL.md). */
const READ_KEYS = new Set([
  'name',
  'description',
  'triggers',
  'inputs',
  'paths',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
  'allowed_tools',
  'disable-model-invocation',
  'disable_model_invocation',
  'mcp_tools',
]);

const isSkillMd = (file: string) => posix.basename(file).toLowerCase() === 'skill.md';

/** Files the reference loads: its skills, command skills, commands and agents. */
export function loadedFiles(reference: TreeReference): Set<string> {
  const lists = [reference.skills, reference.commandSkills, reference.commands, reference.agents];
  return new Set(lists.flatMap((list) => (list ?? []).map((item) => item.file)));
}

function inFolder(file: string, folder: string | undefined): boolean {
  if (folder === undefined) return false;
  return folder === '.' || file === folder || file.startsWith(`${folder}/`);
}

/**
 * Why the reference leaves out a probed file: the exception its probe raised, or, for a file that
 * loads alone, the escaping exception that cost its whole folder, if one did.
 */
export function referenceReason(reference: TreeReference, probe: Probe | undefined): string {
  if (!probe) return 'not a candidate';
  if (!probe.ok) return exceptionType(probe.error ?? 'error');
  const escaped = reference.probes.find((p) => !p.ok && p.caught === false && p.folder === probe.folder && p.kind === probe.kind);
  return escaped ? `folder lost to ${exceptionType(escaped.error ?? 'error')}` : 'loads alone, not kept';
}

/** Rule 4: each probe whose file the reference drops has a diagnostic that accounts for it. */
export function checkDroppedFiles(reference: TreeReference, diagnostics: readonly OurDiagnostic[]): Difference[] {
  const loaded = loadedFiles(reference);
  const tierDropped =
    reference.dropped === true && (reference.skills ?? []).length === 0 && diagnostics.some((d) => d.code === 'would-drop-directory');
  if (tierDropped) return [];
  const differences: Difference[] = [];
  for (const probe of reference.probes) {
    if (loaded.has(probe.file)) continue;
    const besideMcp = posix.join(posix.dirname(probe.file), '.mcp.json');
    const covered = diagnostics.some(
      (d) =>
        d.file === probe.file ||
        d.related?.some((place) => place.file === probe.file) ||
        (d.severity === 'error' && d.file === besideMcp) ||
        (d.code === 'would-drop-directory' && inFolder(d.file, probe.folder)),
    );
    if (covered) continue;
    differences.push({
      cls: `rule 4: no diagnostic on a dropped file (${referenceReason(reference, probe)})`,
      detail: `${probe.kind ?? 'skill'} ${probe.file}${probe.ok ? '' : `: ${probe.error}`}`,
    });
  }
  return differences;
}

/** Whether one of agentwire's claims holds; `undefined` for a diagnostic that makes none. */
function claimHolds(
  d: OurDiagnostic,
  entry: TreeCase,
  reference: TreeReference,
  loaded: Set<string>,
  ours: Set<string>,
): boolean | undefined {
  // A file may be probed twice (a nested instruction file inside a skills folder): the skill loader's probe reads front matter.
  const probe = (file: string): Probe | undefined =>
    reference.probes.find((p) => p.file === file && p.fm !== undefined) ?? reference.probes.find((p) => p.file === file);
  const base = posix.basename(d.file);
  if (d.code === 'shadowed-skill') {
    const name = /^"(.*?)" is hidden by /s.exec(d.message)?.[1];
    if (name === undefined) return !loaded.has(d.file);
    return !(reference.skills ?? []).some((skill) => skill.name === name && skill.file === d.file);
  }
  if (d.code === 'duplicate-skill-name') {
    const lost = d.related?.find((place) => /dropped/.test(place.message))?.file ?? d.related?.[0]?.file;
    return lost === undefined || !loaded.has(lost);
  }
  if (d.code === 'would-drop-directory') {
    // On a tool-server file, the folder is the one of the SKILL.md beside it.
    const beside =
      base === '.mcp.json' ? reference.probes.find((p) => posix.dirname(p.file) === posix.dirname(d.file) && isSkillMd(p.file)) : undefined;
    const found = probe(d.file) ?? beside;
    if (!found) return false;
    if (found.kind === 'instruction') return (reference.skills ?? []).length === 0;
    // Kept files read from that folder by the same loader (a nested instruction file there is another tier).
    const kept = (p: Probe) => (reference.skills ?? []).some((skill) => skill.file === p.file && skill.name === p.name);
    return !reference.probes.some((p) => p.folder === found.folder && p.kind === found.kind && kept(p));
  }
  if (d.severity === 'error' && base === '.mcp.json') {
    if (entry.kind === 'plugin' && d.file === '.mcp.json') return normalizeMcp(reference.mcp) === null;
    // An error that costs the SKILL.md beside it (agentwire leaves that skill out): the service does not load it either.
    const folder = posix.dirname(d.file);
    const beside = (file: string) => posix.dirname(file) === folder && isSkillMd(file);
    if ([...ours].some(beside)) return undefined;
    return ![...loaded].some(beside);
  }
  if (d.severity === 'error' && base === 'hooks.json') {
    const hooks = reference.hooks as Record<string, unknown[]> | null | undefined;
    return hooks === null || hooks === undefined || Object.values(hooks).every((list) => list.length === 0);
  }
  if (DROP_CODES.has(d.code)) return !loaded.has(d.file);
  if (d.code === 'frontmatter-ignored-key') {
    const key = /`([^`]+)`/.exec(d.message)?.[1];
    if (key === undefined) return undefined;
    return !READ_KEYS.has(key) || (key === 'mcp_tools' && isSkillMd(d.file));
  }
  if (NO_FRONTMATTER_CODES.has(d.code)) {
    const keys = probe(d.file)?.fm?.keys;
    return Array.isArray(keys) && keys.length === 0;
  }
  // Claims about the fields the service reads: no evidence where its probe failed to load the file
  // (that file's loss is rules 2 and 4's business).
  if (d.code === 'paths-override-triggers') return probe(d.file)?.ok === false ? undefined : probe(d.file)?.trigger?.type === 'path';
  if (d.code === 'description-too-long') {
    if (probe(d.file)?.ok === false) return undefined;
    const description = probe(d.file)?.description ?? (reference.skills ?? []).find((skill) => skill.file === d.file)?.description;
    return typeof description === 'string' && description.includes('<response clipped>');
  }
  if (d.code === 'readme-loaded-as-skill') return probe(d.file) !== undefined;
  return undefined;
}

/**
 * Rule 5: each claim agentwire makes about the service holds. `ours` holds the files agentwire
 * loads (skills, command skills, commands, agents).
 */
export function checkClaims(
  entry: TreeCase,
  reference: TreeReference,
  diagnostics: readonly OurDiagnostic[],
  ours: Set<string>,
): Difference[] {
  const loaded = loadedFiles(reference);
  const differences: Difference[] = [];
  for (const d of diagnostics) {
    if (claimHolds(d, entry, reference, loaded, ours) !== false) continue;
    const code = d.severity === 'error' && (d.file.endsWith('.mcp.json') || d.file.endsWith('hooks.json')) ? `${d.code} (error)` : d.code;
    differences.push({ cls: `rule 5: ${code} does not hold`, detail: `${d.file}:${d.line}: ${d.message}` });
  }
  return differences;
}
