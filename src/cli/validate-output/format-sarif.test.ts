import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { CWD, OUTSIDE_FILE, sampleDiagnostic, sampleReport } from '../../../test/helpers/validation-report';
import { findRule, PROFILES, type ValidationReport } from '../../validate/index';
import { AGENTWIRE_INFORMATION_URI, formatSarif, SARIF_SCHEMA } from './format-sarif';

/**
 * The official SARIF 2.1.0 schema (test/fixtures/sarif-schema-2.1.0.README.md). It is draft-04;
 * without its two draft-04 markers every keyword it uses means the same to Ajv's draft-07 engine.
 */
function sarifValidator() {
  const schema = JSON.parse(readFileSync(new URL('../../../test/fixtures/sarif-schema-2.1.0.json', import.meta.url), 'utf8'));
  expect(schema.id).toBe(SARIF_SCHEMA);
  delete schema.$schema;
  delete schema.id;
  // strictRequired off: the schema lists `required` names inside `anyOf` branches that define no properties.
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
  ajv.addFormat('uri', (value: string) => URL.canParse(value) && /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/.test(value));
  // A relative reference resolves against any base; no spaces or other characters a URI cannot hold.
  ajv.addFormat('uri-reference', (value: string) => URL.canParse(value, 'http://base.example/') && /^[\x21-\x7e]*$/.test(value));
  ajv.addFormat('date-time', (value: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value));
  return ajv.compile(schema);
}

const validate = sarifValidator();

interface Sarif {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; informationUri: string; rules: Record<string, unknown>[] } };
    originalUriBaseIds: Record<string, { uri: string }>;
    columnKind: string;
    results: Record<string, unknown>[];
    properties: { profiles: string[] };
  }[];
}

const sarifOf = (report: ValidationReport) => {
  const text = formatSarif(report, { version: '1.2.3', cwd: CWD });
  const log = JSON.parse(text) as Sarif;
  return { text, log, run: log.runs[0] as Sarif['runs'][number] };
};

describe('formatSarif', () => {
  it('writes a log the SARIF 2.1.0 schema accepts', () => {
    const { text, log } = sarifOf(sampleReport());
    expect(text.endsWith('}\n')).toBe(true);
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('writes baselineState and partialFingerprints the schema accepts', () => {
    const report = sampleReport();
    report.diagnostics = report.diagnostics.map((item, at) => ({ ...item, baseline: at === 0 ? 'known' : 'new', fingerprint: `fp${at}` }));
    const log = JSON.parse(formatSarif(report, { version: '1.2.3', cwd: CWD }));
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.runs[0].results[0]).toMatchObject({ baselineState: 'unchanged', partialFingerprints: { 'agentwire/v1': 'fp0' } });
  });

  it('the schema check can fail: it refuses a broken log', () => {
    const { log } = sarifOf(sampleReport());
    const broken = structuredClone(log) as unknown as { runs: { results: { level: string; locations: unknown }[] }[] };
    const result = broken.runs[0]?.results[0];
    if (!result) throw new Error('no result');
    result.level = 'info';
    expect(validate(broken)).toBe(false);
    result.level = 'note';
    result.locations = [{ physicalLocation: { artifactLocation: { uri: 'a b' }, region: { startLine: 0 } } }];
    expect(validate(broken)).toBe(false);
  });

  it('names the schema, the version and the tool', () => {
    const { log, run } = sarifOf(sampleReport());
    expect(log.$schema).toBe('https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json');
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    expect(run.tool.driver).toMatchObject({ name: 'agentwire', version: '1.2.3', informationUri: AGENTWIRE_INFORMATION_URI });
    expect(run.originalUriBaseIds).toEqual({ SRCROOT: { uri: `${pathToFileURL(CWD).href}/` } });
    expect(run.columnKind).toBe('utf16CodeUnits');
    expect(run.properties).toEqual({ profiles: ['openhands', 'agentskills', 'claude-code'] });
  });

  it('describes every rule whose code appears, once, from the rule catalog', () => {
    const { run } = sarifOf(sampleReport());
    const rules = run.tool.driver.rules;
    expect(rules.map((rule) => rule.id)).toEqual([
      'description-too-long',
      'inline-command',
      'invalid-json',
      'skill-name-mismatch',
      'x-not-in-catalog',
    ]);
    const catalog = findRule('skill-name-mismatch');
    expect(rules[3]).toEqual({
      id: 'skill-name-mismatch',
      name: 'SkillNameMismatch',
      shortDescription: { text: catalog?.title },
      fullDescription: { text: catalog?.description },
      help: { text: catalog?.hint },
      defaultConfiguration: { level: 'error' },
      properties: { profiles: catalog?.profiles },
    });
    // Infos and warnings: the rule's default level, whatever a diagnostic's own severity.
    expect(rules[1]?.defaultConfiguration).toEqual({ level: 'warning' });
    // The catalog's profiles, and any other profile that raised the code in this run, in profile order.
    const withSeen = (code: string, seen: string) =>
      PROFILES.filter((profile) => profile === seen || findRule(code)?.profiles.includes(profile));
    expect(rules[0]?.properties).toEqual({ profiles: withSeen('description-too-long', 'agentskills') });
    expect(rules[0]?.properties).toMatchObject({ profiles: expect.arrayContaining(['openhands', 'agentskills']) });
    expect(rules[2]?.properties).toEqual({ profiles: withSeen('invalid-json', 'claude-code') });
    // A code the catalog does not have: described from its diagnostics.
    expect(rules[4]).toEqual({
      id: 'x-not-in-catalog',
      name: 'XNotInCatalog',
      shortDescription: { text: 'x-not-in-catalog' },
      help: { text: 'Nothing to do.' },
      defaultConfiguration: { level: 'warning' },
      properties: { profiles: ['claude-code'] },
    });
  });

  it('writes one result per diagnostic, with its rule, level, message, hint, location, related places and profile', () => {
    const { run } = sarifOf(sampleReport());
    expect(run.results).toHaveLength(5);
    expect(run.results.map((result) => [result.ruleId, result.ruleIndex, result.level])).toEqual([
      ['skill-name-mismatch', 3, 'error'],
      ['description-too-long', 0, 'warning'],
      ['inline-command', 1, 'note'],
      ['invalid-json', 2, 'error'],
      ['x-not-in-catalog', 4, 'warning'],
    ]);
    expect(run.results[0]).toEqual({
      ruleId: 'skill-name-mismatch',
      ruleIndex: 3,
      level: 'error',
      message: {
        text: 'The name "pdf" differs from its folder "pdf-tools"; the service drops the skill.\nMake the `name` field and the folder name the same.',
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'skills/pdf-tools/SKILL.md', uriBaseId: 'SRCROOT' },
            region: { startLine: 2, startColumn: 7 },
          },
        },
      ],
      relatedLocations: [
        {
          id: 1,
          physicalLocation: {
            artifactLocation: { uri: 'skills/pdf/SKILL.md', uriBaseId: 'SRCROOT' },
            region: { startLine: 2, startColumn: 7 },
          },
          message: { text: 'the other skill named "pdf"' },
        },
      ],
      properties: { profile: 'openhands' },
    });
    // No hint: the message alone. Text is kept as it is (JSON escapes control characters).
    expect(run.results[2]?.message).toEqual({ text: '100% sure: a, b\nnext line — ünïcødé 😀 \u001b[2J' });
    expect(run.results[2]?.properties).toEqual({ profile: 'openhands' });
    expect(run.results[1]).not.toHaveProperty('relatedLocations');
  });

  it('percent-encodes paths, and points outside the working directory with a file URI', () => {
    const { run } = sarifOf(sampleReport());
    const result = run.results[3] as { locations: unknown[]; relatedLocations: unknown[] };
    expect(result.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'plugins/weird%2C%20name%3A%2050%25/plugin.json', uriBaseId: 'SRCROOT' },
          region: { startLine: 1, startColumn: 10 },
        },
      },
    ]);
    expect(result.relatedLocations).toEqual([
      {
        id: 1,
        physicalLocation: { artifactLocation: { uri: pathToFileURL(OUTSIDE_FILE).href }, region: { startLine: 4, startColumn: 2 } },
        message: { text: `${OUTSIDE_FILE}:4:2` },
      },
    ]);
    const unicode = { ...sampleDiagnostic(1), file: join(CWD, 'skills', 'ünï cødé', 'SKILL.md') };
    const { log, run: other } = sarifOf({ ...sampleReport(), diagnostics: [unicode] });
    expect(other.results[0]?.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'skills/%C3%BCn%C3%AF%20c%C3%B8d%C3%A9/SKILL.md', uriBaseId: 'SRCROOT' },
          region: { startLine: 3, startColumn: 14 },
        },
      },
    ]);
    expect(validate(log)).toBe(true);
  });

  it('writes an empty run for a clean report', () => {
    const { log, run } = sarifOf({ ...sampleReport(), diagnostics: [], summary: { errors: 0, warnings: 0, infos: 0 } });
    expect(run.results).toEqual([]);
    expect(run.tool.driver.rules).toEqual([]);
    expect(validate(log)).toBe(true);
  });
});
