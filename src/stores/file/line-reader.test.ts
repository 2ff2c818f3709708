import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFileSystem } from './file-system';
import { CHUNK_BYTES, FIRST_CHUNK_BYTES, type ReadExtent, readLines } from './line-reader';
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

  it('reads lines of every length across the growing buffers (16 KiB to 1 MiB) as a split would', async () => {
    // Lines whose ends fall just before, on and after each buffer's end, and lines longer than one.
    const lengths = [FIRST_CHUNK_BYTES - 9, 1, 2, 4 * FIRST_CHUNK_BYTES, 3, 70_000, 300_000, 5, CHUNK_BYTES + 7, 11, 2 * CHUNK_BYTES, 13];
    const expected = lengths.map((length, n) => `{"n":${n},"t":"${'ab'.repeat(length).slice(0, length)}"}`);
    const content = `${expected.join('\n')}\n{"torn":`;
    const { lines, extent } = await linesOf(content);
    expect(lines.length).toBe(expected.length);
    expect(lines).toEqual(expected);
    expect(extent.end).toBe(Buffer.byteLength(content) - '{"torn":'.length);
    // Stopping short of the end: only the lines that end before the stop.
    const stop = Buffer.byteLength(`${expected.slice(0, 6).join('\n')}\n`) + 10;
    const path = join(dir, 'stop.jsonl');
    writeFileSync(path, content);
    const handle = await open(path, 'r');
    const stopped: string[] = [];
    try {
      for await (const line of readLines(handle, { size: 0, end: 0, stopAt: stop })) stopped.push(line);
    } finally {
      await handle.close();
    }
    expect(stopped).toEqual(expected.slice(0, 6));
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
