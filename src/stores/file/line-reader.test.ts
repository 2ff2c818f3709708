import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFileSystem } from './file-system';
import { CHUNK_BYTES, type ReadExtent, readLines } from './line-reader';
import { cutTornTail } from './write';

const dir = mkdtempSync(join(tmpdir(), 'agentwire-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function linesOf(content: string | Buffer, maxLineBytes?: number): Promise<{ lines: string[]; extent: ReadExtent }> {
  const path = join(dir, `f${Math.random()}`);
  writeFileSync(path, content);
  const handle = await open(path, 'r');
  const extent: ReadExtent = { size: 0, end: 0 };
  const lines: string[] = [];
  try {
    for await (const line of readLines(handle, extent, maxLineBytes)) lines.push(line);
  } finally {
    await handle.close();
  }
  return { lines, extent };
}

describe('readLines', () => {
  it('yields complete lines that start with {, and tells where the last one ends', async () => {
    const { lines, extent } = await linesOf('{"a":1}\n\n{"b":2}\nnot json\n{"torn":');
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
    expect(extent).toEqual({ size: 34, end: 26 });
  });

  it('joins lines across chunks, multi-byte characters included', async () => {
    const long = `{"text":"${'é'.repeat(CHUNK_BYTES)}"}`;
    const { lines } = await linesOf(`{"x":0}\n${long}\n{"y":1}\n`);
    expect(lines).toEqual(['{"x":0}', long, '{"y":1}']);
  });

  it('skips zeros and over-long lines without keeping them', async () => {
    const zeros = Buffer.alloc(3 * CHUNK_BYTES);
    const { lines } = await linesOf(Buffer.concat([zeros, Buffer.from('\n{"after":"zeros"}\n')]));
    expect(lines).toEqual(['{"after":"zeros"}']);
    const { lines: capped } = await linesOf(`{"big":"${'x'.repeat(5000)}"}\n{"small":1}\n`, 1000);
    expect(capped).toEqual(['{"small":1}']);
  });
});

describe('cutTornTail', () => {
  it('cuts what follows the last newline, reading backwards only that far', async () => {
    const path = join(dir, 'torn.jsonl');
    writeFileSync(path, '{"a":1}\n{"b":2}\n{"c":');
    expect(await cutTornTail(nodeFileSystem, path)).toBe(5);
    expect(await cutTornTail(nodeFileSystem, path)).toBe(0);
    writeFileSync(path, 'x'.repeat(200_000));
    expect(await cutTornTail(nodeFileSystem, path)).toBe(200_000);
    expect(await cutTornTail(nodeFileSystem, join(dir, 'missing.jsonl'))).toBe(0);
  });
});
