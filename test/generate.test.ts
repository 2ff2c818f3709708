import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/built';

interface GeneratedFile {
  path: string;
  text: string;
}
interface Documents {
  service: { components: { schemas: Record<string, { properties: object }> } };
  agentServer: { components: { schemas: Record<string, { properties: object }> } };
}
type Generate = (documents: Documents) => { code: GeneratedFile[]; docs: GeneratedFile[] };

const load = async () => {
  const { generate, readDocuments } = (await import(join(ROOT, 'scripts/generate-events.mjs'))) as {
    generate: Generate;
    readDocuments: () => Documents;
  };
  return { generate: (documents: Documents) => generate(documents).code, documents: readDocuments };
};

interface Difference {
  schema: string;
  field: string;
  take: 'older' | 'newer';
  why: string;
}

const loadAll = async () => {
  const module = (await import(join(ROOT, 'scripts/generate-events.mjs'))) as {
    generate: (documents: Documents) => { docs: GeneratedFile[]; differences: Difference[] };
    readDocuments: () => Documents;
  };
  return { generateAll: module.generate, documents: module.readDocuments };
};

function writeAll(dir: string, files: GeneratedFile[]): void {
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.text);
  }
}

/** `git diff --no-index --numstat` of two folders: path -> [added, removed] lines. */
function diffFolders(before: string, after: string): Map<string, [number, number]> {
  const run = spawnSync('git', ['diff', '--no-index', '--numstat', before, after], { encoding: 'utf8' });
  const changes = new Map<string, [number, number]>();
  for (const line of run.stdout.trim().split('\n').filter(Boolean)) {
    const [added, removed, path] = line.split('\t') as [string, string, string];
    // Paths read `<dir>/{before => after}/<file>`.
    changes.set(path.slice(path.indexOf('after}/') + 'after}/'.length), [Number(added), Number(removed)]);
  }
  return changes;
}

/** The top-level declarations (separated by blank lines) of `text`, by their first line. */
const declarations = (text: string) => new Map(text.split('\n\n').map((chunk) => [chunk.split('\n')[0] ?? '', chunk]));

describe('scripts/generate-events.mjs', () => {
  it("regenerates src/events/generated and the report of the documents' differences without a single change", () => {
    const run = spawnSync(process.execPath, ['scripts/generate-events.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^src\/events\/generated and docs\/generated\/events are up to date \(\d+ files\)\.\n$/);
    expect(run.status).toBe(0);
  });

  it('a new optional field on one event changes only that event: its schema file and its own lines of the fast decoder', async () => {
    const { generate, documents } = await load();
    const dir = mkdtempSync(join(tmpdir(), 'agentwire-generate-'));
    try {
      writeAll(join(dir, 'before'), generate(documents()));
      // A field of the agent server's models, which win over the service's document.
      const changed = documents();
      const schema = changed.agentServer.components.schemas.AgentErrorEvent as { properties: Record<string, unknown> };
      const { kind, ...fields } = schema.properties;
      schema.properties = { ...fields, retry_after: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null }, kind };
      writeFileSync(join(dir, 'documents.json'), JSON.stringify(changed));
      const after = generate(JSON.parse(readFileSync(join(dir, 'documents.json'), 'utf8')));
      writeAll(join(dir, 'after'), after);

      const changes = diffFolders(join(dir, 'before'), join(dir, 'after'));
      expect([...changes.keys()].sort()).toEqual(['events/agent-error-event.ts', 'fast-decode.ts']);
      // The decoder: the function's switch over its keys gains the key; it reads it and puts it in the output.
      expect(changes.get('fast-decode.ts')).toEqual([5, 1]);

      const before = declarations(generate(documents()).find((file) => file.path === 'fast-decode.ts')?.text ?? '');
      const next = declarations(after.find((file) => file.path === 'fast-decode.ts')?.text ?? '');
      const differing = [...next].filter(([head, chunk]) => before.get(head) !== chunk).map(([head]) => head);
      expect(differing).toEqual(['function decodeAgentErrorEvent(v: unknown): unknown {']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a difference between the documents that no rule resolves stops the generator, naming it', async () => {
    const { generate, documents } = await load();
    const changed = documents();
    const schema = changed.agentServer.components.schemas.TerminalAction as { properties: Record<string, unknown> };
    schema.properties = { ...schema.properties, command: { type: 'integer' } };
    expect(() => generate(changed)).toThrow(/^TerminalAction-Input\.command differs between the documents and no rule/);
  });

  it('reports every difference it resolved, and which document each generated field follows', async () => {
    const { generateAll, documents } = await loadAll();
    const { differences, docs } = generateAll(documents());
    const taken = differences.filter((d) => d.take === 'newer').map((d) => `${d.schema}.${d.field}`);
    expect(taken.sort()).toEqual([
      'AgentErrorEvent-Input.classification',
      'ConversationErrorEvent-Input.classification',
      'ErrorClassification.(schema)',
      'FailureKind.(schema)',
    ]);
    expect(differences.every((d) => typeof d.why === 'string' && d.why.length > 0)).toBe(true);
    const report = docs.find((file) => file.path === 'event-spec-differences.md')?.text ?? '';
    expect(report).toContain('| ConversationErrorEvent, AgentErrorEvent | `classification` | — |');
    expect(report).toContain('| Action | `(members)` | `ApplyPatchAction`, `ConsultTomAction`, `SleeptimeComputeAction` | — | service |');
  });
});
