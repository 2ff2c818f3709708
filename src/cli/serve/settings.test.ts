import { describe, expect, it } from 'vitest';
import { bannerText, formatOrigin, isLoopback } from './banner';
import { parseCount, parseDuration, readSettings, SERVE_DEFAULTS } from './settings';

describe('serve settings', () => {
  it('reads durations as seconds, s or ms, and refuses the rest', () => {
    expect(parseDuration('--x', undefined, 7)).toBe(7);
    expect(['10', '2.5', '2.5s', '500ms'].map((text) => parseDuration('--x', text, 0))).toEqual([10_000, 2_500, 2_500, 500]);
    for (const bad of ['0', '-1', 'soon', '1m', '1e3', '100000'])
      expect(() => parseDuration('--shutdown-timeout', bad, 0)).toThrow(/--shutdown-timeout must be a duration/);
    expect(parseCount('--max-events', '5', 1)).toBe(5);
    expect(() => parseCount('--max-events', '0', 1)).toThrow(/at least 1/);
    expect(() => parseCount('--max-events', '1.5', 1)).toThrow(/whole number/);
  });

  it('has the documented defaults, and keeps the headers timeout within the request timeout', () => {
    expect(readSettings({})).toEqual({ port: 3000, host: '127.0.0.1', quiet: false, ...SERVE_DEFAULTS, headersMs: 5_000 });
    expect(readSettings({ 'request-timeout': '2', 'headers-timeout': '5' }).headersMs).toBe(2_000);
    expect(() => readSettings({ port: '70000' })).toThrow(/--port must be a port number/);
  });

  it('keeps fields no model defines unless told to reject them', () => {
    expect(readSettings({}).unknownFields).toBe('keep');
    expect(readSettings({ 'unknown-fields': 'reject' }).unknownFields).toBe('reject');
    expect(() => readSettings({ 'unknown-fields': 'drop' })).toThrow('--unknown-fields must be keep or reject, not drop');
  });
});

describe('serve banner', () => {
  it('writes IPv6 hosts in brackets and knows loopback addresses', () => {
    expect(formatOrigin('::1', 3000)).toBe('http://[::1]:3000');
    expect(formatOrigin('127.0.0.1', 80)).toBe('http://127.0.0.1:80');
    expect(['127.0.0.1', '127.1.2.3', '::1', 'localhost', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.2', 'example.com'].some(isLoopback)).toBe(false);
  });

  it('says how a hosted service reaches a loopback receiver, and never shows a key given on the command line', () => {
    const loopback = bannerText({ host: '127.0.0.1', port: 3000, dir: '/d', key: { key: 'secret-key', source: 'argument' } });
    expect(loopback).toContain('--host 0.0.0.0');
    expect(loopback).not.toContain('secret-key');
    const open = bannerText({ host: '0.0.0.0', port: 3000, dir: '/d', key: { key: 'k'.repeat(32), source: 'stored', path: '/d/api-key' } });
    expect(open).not.toContain('tunnel');
    expect(open).toContain(`API key      ${'k'.repeat(32)}   (kept in /d/api-key;`);
  });
});
