/**
 * The one diagnostic type of the skill and plugin tooling: what `agentwire/skills`,
 * `agentwire/plugins` and `agentwire validate` report. Edge-safe, types and two small helpers.
 * @module
 */
import type { Rule } from './rule';

/** How bad a finding is. `error`: the service drops or rejects something; `warning`: it loads, but not as the author meant; `info`: worth knowing. */
export type Severity = 'error' | 'warning' | 'info';

/** Another place a diagnostic refers to, such as the other file of a duplicate name. */
export interface RelatedLocation {
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * One finding, at a file, line and column, with a stable rule code and a hint that says how to
 * fix it. Lines and columns count from 1; a finding about a whole file points at 1:1.
 */
export interface Diagnostic {
  severity: Severity;
  /** The stable rule code, such as `skill-name-mismatch`. */
  code: string;
  /** What is wrong, naming the value and the consequence. */
  message: string;
  /** The file, built from the directory or name the caller passed in. */
  file: string;
  line: number;
  column: number;
  /** How to fix it. */
  hint: string;
  /** The rule set that raised it (`openhands`, `agentskills`, `claude-code`, `agent-plugins`), when a validator sets one. */
  profile?: string;
  /** Other places involved (the winner of a shadowed name, the other file of a duplicate). */
  related?: RelatedLocation[];
}

/** A line and a column, both counted from 1. */
export interface Position {
  line: number;
  column: number;
}

/** What a finding needs beyond its rule: where it is, and the words that name this case. */
export interface Finding {
  file: string;
  /** The position; 1:1 when omitted. */
  at?: Position | undefined;
  message: string;
  /** Overrides the rule's hint when this case has a more precise fix. */
  hint?: string;
  /** Overrides the rule's severity (some cases are milder than the rule's default). */
  severity?: Severity;
  related?: RelatedLocation[];
}

/** Builds a diagnostic from its rule and what was found. */
export function diagnostic(rule: Rule, finding: Finding): Diagnostic {
  const result: Diagnostic = {
    severity: finding.severity ?? rule.severity,
    code: rule.code,
    message: finding.message,
    file: finding.file,
    line: finding.at?.line ?? 1,
    column: finding.at?.column ?? 1,
    hint: finding.hint ?? rule.hint,
  };
  if (finding.related && finding.related.length > 0) result.related = finding.related;
  return result;
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Orders diagnostics by file, line, column, then severity: the order a reader scans them in. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity];
}
