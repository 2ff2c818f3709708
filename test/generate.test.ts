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
type Generate = (document: unknown) => GeneratedFile[];

const load = async () => {
  const { generate } = (await import(join(ROOT, 'scripts/generate-events.mjs'))) as { generate: Generate };
  const { readSpec } = (await import(join(ROOT, 'scripts/codegen/spec.mjs'))) as { readSpec: () => { document: unknown } };
  return { generate, document: () => readSpec().document as { components: { schemas: Record<string, { properties: object }> } } };
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
  it('regenerates src/events/generated from the reference OpenAPI without a single change', () => {
    const run = spawnSync(process.execPath, ['scripts/generate-events.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^src\/events\/generated is up to date \(\d+ files\)\.\n$/);
    expect(run.status).toBe(0);
  });

  it('a new optional field on one event changes only that event: its schema file and its own lines of the fast decoder', async () => {
    const { generate, document } = await load();
    const dir = mkdtempSync(join(tmpdir(), 'agentwire-generate-'));
    try {
      writeAll(join(dir, 'before'), generate(document()));
      const changed = document();
      const schema = changed.components.schemas['AgentErrorEvent-Input'] as { properties: Record<string, unknown> };
      schema.properties = { ...schema.properties, retry_after: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null } };
      writeFileSync(join(dir, 'document.json'), JSON.stringify(changed));
      const after = generate(JSON.parse(readFileSync(join(dir, 'document.json'), 'utf8')));
      writeAll(join(dir, 'after'), after);

      const changes = diffFolders(join(dir, 'before'), join(dir, 'after'));
      expect([...changes.keys()].sort()).toEqual(['events/agent-error-event.ts', 'fast-decode.ts']);
      // The decoder: the key set gains the key; the function reads it and puts it in the output.
      expect(changes.get('fast-decode.ts')).toEqual([5, 2]);

      const before = declarations(generate(document()).find((file) => file.path === 'fast-decode.ts')?.text ?? '');
      const next = declarations(after.find((file) => file.path === 'fast-decode.ts')?.text ?? '');
      const differing = [...next].filter(([head, chunk]) => before.get(head) !== chunk).map(([head]) => head);
      expect(differing).toEqual([
        'const AgentErrorEventKeys: ReadonlySet<string> = /* @__PURE__ */ new Set(["id","timestamp","source","parent_id","tool_name","tool_call_id","error","retry_after","kind"]);',
        'function decodeAgentErrorEvent(v: unknown): unknown {',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
