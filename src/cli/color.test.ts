import { describe, expect, it } from 'vitest';
import { colorEnabled, createStyles } from './color';

describe('colorEnabled', () => {
  it('colours a terminal and nothing else by default', () => {
    expect(colorEnabled({}, true)).toBe(true);
    expect(colorEnabled({}, false)).toBe(false);
  });

  it('never colours with NO_COLOR set to a non-empty value', () => {
    expect(colorEnabled({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled({ NO_COLOR: 'false' }, true)).toBe(false);
    expect(colorEnabled({ NO_COLOR: '1', FORCE_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled({ NO_COLOR: '' }, true)).toBe(true);
  });

  it('colours anywhere with FORCE_COLOR, unless it is 0 or false', () => {
    expect(colorEnabled({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '' }, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '0' }, false)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: 'FALSE' }, false)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: '1', TERM: 'dumb' }, false)).toBe(true);
  });

  it('does not colour a dumb terminal', () => {
    expect(colorEnabled({ TERM: 'dumb' }, true)).toBe(false);
  });
});

describe('createStyles', () => {
  it('wraps text in ANSI codes when colour is on', () => {
    const styles = createStyles(true);
    expect(styles.red('x')).toBe('\u001b[31mx\u001b[39m');
    expect(styles.yellow('x')).toBe('\u001b[33mx\u001b[39m');
    expect(styles.cyan('x')).toBe('\u001b[36mx\u001b[39m');
    expect(styles.bold('x')).toBe('\u001b[1mx\u001b[22m');
    expect(styles.dim('x')).toBe('\u001b[2mx\u001b[22m');
    expect(styles.dim('')).toBe('');
  });

  it('changes nothing when colour is off', () => {
    const styles = createStyles(false);
    for (const style of Object.values(styles)) expect(style('x')).toBe('x');
  });
});
