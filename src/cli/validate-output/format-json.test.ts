import { describe, expect, it } from 'vitest';
import { sampleReport, WEIRD_FILE } from '../../../test/helpers/validation-report';
import { formatJson, JSON_FORMAT_VERSION, type JsonReport, toJsonReport } from './format-json';

describe('formatJson', () => {
  it('prints the whole report with the tool, and reads back to the same values', () => {
    const report = sampleReport();
    const text = formatJson(report, { version: '1.2.3' });
    expect(text.endsWith('}\n')).toBe(true);
    const parsed = JSON.parse(text) as JsonReport;
    expect(parsed).toEqual({
      formatVersion: 1,
      tool: { name: 'agentwire', version: '1.2.3' },
      paths: report.paths,
      profiles: report.profiles,
      summary: report.summary,
      inventory: report.inventory,
      diagnostics: report.diagnostics,
    });
    expect(JSON_FORMAT_VERSION).toBe(1);
  });

  it('keeps every character of messages and paths', () => {
    const parsed = JSON.parse(formatJson(sampleReport(), { version: '1.2.3' })) as JsonReport;
    expect(parsed.diagnostics[2]?.message).toBe('100% sure: a, b\nnext line — ünïcødé 😀 \u001b[2J');
    expect(parsed.diagnostics[3]?.file).toBe(WEIRD_FILE);
    expect(parsed.diagnostics[3]?.hint).toBe('Fix the JSON syntax.\nA trailing comma is the usual cause.');
  });

  it('writes keys in a fixed order and leaves out an empty related list', () => {
    const report = sampleReport();
    const shuffled = report.diagnostics.map((item) => {
      const { related, profile, hint, column, line, file, message, code, severity } = item;
      return { ...(related ? { related } : {}), profile, hint, column, line, file, message, code, severity };
    });
    const withEmpty = { ...(shuffled[1] as (typeof shuffled)[number]), related: [] };
    const document = toJsonReport(
      { ...report, diagnostics: [shuffled[0], withEmpty].filter((item) => item !== undefined) },
      { version: '0.1.0' },
    );
    expect(Object.keys(document)).toEqual(['formatVersion', 'tool', 'paths', 'profiles', 'summary', 'inventory', 'diagnostics']);
    expect(Object.keys(document.inventory)).toEqual([
      'files',
      'skills',
      'plugins',
      'marketplaces',
      'contextFiles',
      'configRepositories',
      'hooks',
      'toolServers',
    ]);
    expect(document.diagnostics.map((item) => Object.keys(item))).toEqual([
      ['severity', 'code', 'message', 'file', 'line', 'column', 'hint', 'profile', 'related'],
      ['severity', 'code', 'message', 'file', 'line', 'column', 'hint', 'profile'],
    ]);
    expect(Object.keys(document.diagnostics[0]?.related?.[0] ?? {})).toEqual(['file', 'line', 'column', 'message']);
  });

  it('does not share arrays with the report', () => {
    const report = sampleReport();
    const document = toJsonReport(report, { version: '0.1.0' });
    document.paths.push('x');
    document.profiles.pop();
    expect(report.paths).toEqual(['.']);
    expect(report.profiles).toHaveLength(3);
  });
});
