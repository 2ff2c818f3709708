import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../internal/diagnostic';
import { createLaunchLink } from './launch-link-create';
import { launchLinkDiagnostics } from './launch-link-diagnostics';
import { parseLaunchLink } from './launch-link-parse';
import { addNote, LAUNCH_LINK_FILE, LAUNCH_LINK_RULES, type LaunchLinkRuleCode } from './launch-link-rules';

/** Short diagnostics, as parseLaunchLink and createLaunchLink make them. */
const short = (...notes: [LaunchLinkRuleCode, Diagnostic['severity'], string][]): Diagnostic[] => {
  const list: Diagnostic[] = [];
  for (const [code, severity, message] of notes) addNote(list, code, 40, message, severity);
  return list;
};

const CODES: LaunchLinkRuleCode[] = [
  'launch-link-too-long',
  'launch-link-missing-padding',
  'launch-link-raw-plus',
  'launch-link-base64url',
  'launch-link-latin1',
  'launch-link-invalid-payload',
  'launch-link-bad-element',
  'launch-link-too-deep',
  'launch-link-no-plugins',
  'launch-link-unknown-key',
  'launch-link-message-tags',
  'launch-link-message-cut',
  'launch-link-dev-form',
  'launch-link-wrong-path',
];

describe('LAUNCH_LINK_RULES', () => {
  it('has one rule per code, each fully described', () => {
    expect(LAUNCH_LINK_RULES.map((rule) => rule.code)).toEqual(CODES);
    for (const rule of LAUNCH_LINK_RULES) {
      expect(rule.code).toMatch(/^launch-link-[a-z0-9-]+$/);
      for (const text of [rule.title, rule.description, rule.hint]) expect(text.length).toBeGreaterThan(10);
    }
  });
});

describe('launchLinkDiagnostics', () => {
  it('words every code: the finding, what the app does, the rule hint', () => {
    for (const rule of LAUNCH_LINK_RULES) {
      const [found] = launchLinkDiagnostics([
        { severity: rule.severity, code: rule.code, message: 'x happened', file: LAUNCH_LINK_FILE, line: 1, column: 7, hint: '' },
      ]);
      expect(found).toMatchObject({
        severity: rule.severity,
        code: rule.code,
        file: LAUNCH_LINK_FILE,
        line: 1,
        column: 7,
        hint: rule.hint,
      });
      expect(found?.message).toMatch(/^X happened: [^:]+.*\.$/);
      expect(found?.message).not.toContain('undefined');
    }
  });

  it('says what the app does for the case at hand', () => {
    const notes = short(
      ['launch-link-missing-padding', 'info', 'the plugins value ends with 0 `=` where base64 needs 2'],
      ['launch-link-missing-padding', 'error', 'the plugins value ends with 1 `=` where base64 needs 2'],
      ['launch-link-bad-element', 'error', 'plugins[0] is number, not an object with a string source'],
      ['launch-link-bad-element', 'error', 'plugins[1].ref is number, not a string or null'],
      ['launch-link-bad-element', 'error', 'more findings left out'],
    );
    expect(launchLinkDiagnostics(notes, 'badge.md').map((found) => [found.file, found.message])).toEqual([
      [
        'badge.md',
        "The plugins value ends with 0 `=` where base64 needs 2: the app's atob accepts it, strict base64 decoders (Python's b64decode) refuse it.",
      ],
      [
        'badge.md',
        "The plugins value ends with 1 `=` where base64 needs 2: the app's atob refuses it (invalid-format); agentwire corrected the padding.",
      ],
      ['badge.md', 'plugins[0] is number, not an object with a string source: the app refuses the whole link (invalid-format).'],
      [
        'badge.md',
        'plugins[1].ref is number, not a string or null: the app passes it on and the server refuses to create the conversation (creation-failed).',
      ],
      ['badge.md', 'More findings left out.'],
    ]);
  });

  it('keeps the file of each diagnostic unless given one, and leaves other rules alone', () => {
    const [found] = launchLinkDiagnostics(short(['launch-link-wrong-path', 'warning', 'the link does not open /launch']));
    expect(found?.file).toBe(LAUNCH_LINK_FILE);
    const other: Diagnostic = { severity: 'error', code: 'source-empty', message: 'm', file: 'f', line: 2, column: 3, hint: 'h' };
    expect(launchLinkDiagnostics([other])).toEqual([other]);
    expect(launchLinkDiagnostics([other], 'g')).toEqual([{ ...other, file: 'g' }]);
  });

  it('words what parseLaunchLink and createLaunchLink report', () => {
    const parsed = parseLaunchLink('https://app.example.com/launch?plugins=W3sic291cmNlIjoiZ2l0aHViOm8vcj8/IiwicmVmIjoidj4+PiJ9XQ==');
    expect(launchLinkDiagnostics(parsed.diagnostics)).toEqual([
      {
        severity: 'error',
        code: 'launch-link-raw-plus',
        message:
          "A `+` in the plugins value is not percent-encoded: the query reads it as a space and the app's atob drops spaces, so the link fails (invalid-format) or decodes to other bytes; agentwire read it as `+`.",
        file: '<launch-link>',
        line: 1,
        column: 40,
        hint: 'Percent-encode the value (`+` as `%2B`, `/` as `%2F`, `=` as `%3D`), as URLSearchParams does.',
      },
    ]);
    const link = createLaunchLink({ appUrl: 'https://app.example.com', plugins: [{ source: 's' }], message: '<i>hi</i>' });
    expect(launchLinkDiagnostics(link.warnings).map((found) => found.message)).toEqual([
      'The message holds 2 <…> part(s), first "<i>": the app removes everything between < and > before showing and sending the message.',
    ]);
  });
});
