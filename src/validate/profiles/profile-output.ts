/**
 * How the profiles build their diagnostics: a collector that stamps each one with the profile
 * that raised it, and re-tagging for diagnostics another parser produced.
 * @module
 */
import { type Diagnostic, diagnostic, type Finding } from '../../internal/diagnostic';
import type { Rule } from '../../internal/rule';
import type { Profile, ProfileDiagnostic } from '../types';

/** Reports one finding under a rule. */
export type Reporter = (rule: Rule, finding: Finding) => void;

/** A list of diagnostics of one profile and the function that adds to it. */
export interface ProfileCollector {
  profile: Profile;
  diagnostics: ProfileDiagnostic[];
  report: Reporter;
}

/** A collector for `profile`. */
export function createCollector(profile: Profile): ProfileCollector {
  const diagnostics: ProfileDiagnostic[] = [];
  return {
    profile,
    diagnostics,
    report: (rule, finding) => diagnostics.push({ ...diagnostic(rule, finding), profile }),
  };
}

/** Options of {@link retag}. */
export interface RetagOptions {
  /** Codes that do not apply under the profile (a behaviour of the service, not of the dialect): left out. */
  drop?: ReadonlySet<string>;
  /**
   * Who acts in the messages under this profile, such as `a conforming client` or `Claude Code`:
   * "the service" in a message and hint becomes these words.
   */
  voice?: string;
}

function revoice(text: string, voice: string): string {
  const capital = voice.charAt(0).toUpperCase() + voice.slice(1);
  return text.replace(/\bThe service\b/g, capital).replace(/\bthe service\b/g, voice);
}

/** Diagnostics of another parser, stamped with `profile` (and worded for it when `voice` is given). */
export function retag(diagnostics: readonly Diagnostic[], profile: Profile, options: RetagOptions = {}): ProfileDiagnostic[] {
  const result: ProfileDiagnostic[] = [];
  for (const found of diagnostics) {
    if (options.drop?.has(found.code)) continue;
    const tagged: ProfileDiagnostic = { ...found, profile };
    if (options.voice) {
      tagged.message = revoice(found.message, options.voice);
      tagged.hint = revoice(found.hint, options.voice);
    }
    result.push(tagged);
  }
  return result;
}
