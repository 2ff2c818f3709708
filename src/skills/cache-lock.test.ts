import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withCacheLock } from './cache-lock';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function folder(): string {
  const root = mkdtempSync(join(tmpdir(), 'agentwire-lock-'));
  roots.push(root);
  return join(root, 'repo');
}

describe('withCacheLock', () => {
  it('runs calls for one folder one after the other and removes the lock', async () => {
    const path = folder();
    const order: string[] = [];
    const task = (name: string, ms: number) =>
      withCacheLock(path, async () => {
        order.push(`${name}:start`);
        expect(existsSync(`${path}~lock`)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, ms));
        order.push(`${name}:end`);
        return name;
      });
    expect(await Promise.all([task('a', 30), task('b', 1), task('c', 1)])).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    expect(existsSync(`${path}~lock`)).toBe(false);
  });

  it('releases the lock when the call fails', async () => {
    const path = folder();
    await expect(withCacheLock(path, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(existsSync(`${path}~lock`)).toBe(false);
    expect(await withCacheLock(path, async () => 'next')).toBe('next');
  });

  it('waits for another process\u2019s lock, gives up after waitMs, and takes over a stale one', async () => {
    const path = folder();
    mkdirSync(`${path}~lock`);
    await expect(withCacheLock(path, async () => 'never', { waitMs: 100 })).rejects.toMatchObject({ code: 'cache-unavailable' });
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${path}~lock`, old, old);
    expect(await withCacheLock(path, async () => 'taken', { waitMs: 100, staleMs: 30_000 })).toBe('taken');
  });
});
