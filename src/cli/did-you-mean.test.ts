import { describe, expect, it } from 'vitest';
import { editDistance, suggest } from '../internal/did-you-mean';
import { parseCommandArgs } from './args';
import type { CommandIO } from './io';
import { runCli } from './run';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one each', () => {
    expect(editDistance('format', 'format')).toBe(0);
    expect(editDistance('formt', 'format')).toBe(1);
    expect(editDistance('formats', 'format')).toBe(1);
    expect(editDistance('formet', 'format')).toBe(1);
    expect(editDistance('fromat', 'format')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('counts characters beyond the basic plane as one', () => {
    expect(editDistance('😀a', '😁a')).toBe(1);
    expect(editDistance('é', 'e')).toBe(1);
  });
});

describe('suggest', () => {
  const options = ['--format', '--strict', '--quiet', '--profile', '--preset', '--help'];

  it('offers the closest candidate for a typo', () => {
    expect(suggest('--formt', options)).toBe('--format');
    expect(suggest('--fromat', options)).toBe('--format');
    expect(suggest('--stirct', options)).toBe('--strict');
    expect(suggest('--profiles', options)).toBe('--profile');
    expect(suggest('--qiuet', options)).toBe('--quiet');
    expect(suggest('serv', ['serve', 'events list'])).toBe('serve');
  });

  it('ignores case', () => {
    expect(suggest('--Format', options)).toBe('--format');
    expect(suggest('-Q', ['-q'])).toBe('-q');
  });

  it('offers nothing when no candidate is close', () => {
    expect(suggest('--nope', options)).toBeUndefined();
    expect(suggest('--colour', options)).toBeUndefined();
    expect(suggest('frobnicate', ['serve', 'events list', 'events validate'])).toBeUndefined();
    expect(suggest('x', ['-h'])).toBeUndefined();
    expect(suggest('-x', ['-h', '-q'])).toBeUndefined();
    expect(suggest('--format', [])).toBeUndefined();
  });

  it('never offers the input itself, and prefers the earlier of equally close candidates', () => {
    expect(suggest('--format', ['--format'])).toBeUndefined();
    expect(suggest('--prefile', ['--profile', '--preset'])).toBe('--profile');
    expect(suggest('--prefile', ['--preset', '--profile'])).toBe('--profile');
    expect(suggest('abcdef', ['abcdxx', 'abcdey'])).toBe('abcdey');
  });
});

describe('parseCommandArgs', () => {
  const usage = 'Usage: agentwire thing [--format text|json]';
  const options = { format: { type: 'string' }, strict: { type: 'boolean', short: 's' } } as const;
  const failure = (argv: string[]) => {
    try {
      parseCommandArgs(argv, options, usage);
    } catch (error) {
      return error as Error & { exitCode: number };
    }
    throw new Error('expected a usage error');
  };

  it('names an unknown option and the option it probably means', () => {
    const error = failure(['--formt', 'json']);
    expect(error.name).toBe('UsageError');
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe(`unknown option --formt (did you mean --format?)\n\n${usage}`);
    expect(failure(['--formt=json']).message).toBe(`unknown option --formt (did you mean --format?)\n\n${usage}`);
    expect(failure(['--hlep']).message).toBe(`unknown option --hlep (did you mean --help?)\n\n${usage}`);
  });

  it('names an unknown option alone when nothing is close', () => {
    expect(failure(['--nope']).message).toBe(`unknown option --nope\n\n${usage}`);
    expect(failure(['-x']).message).toBe(`unknown option -x\n\n${usage}`);
  });

  it('says in its own words that an option needs a value', () => {
    expect(failure(['--format']).message).toBe(`--format needs a value\n\n${usage}`);
  });

  it('parses known options as before', () => {
    expect(parseCommandArgs(['--format', 'json', '-s', 'a'], options, usage)).toMatchObject({
      values: { format: 'json', strict: true },
      positionals: ['a'],
    });
  });
});

describe('runCli, unknown commands', () => {
  const run = async (argv: string[]) => {
    let err = '';
    const io: CommandIO = {
      out: () => {},
      err: (text) => {
        err += text;
      },
      readStdin: async () => '',
      cwd: '/',
      env: {},
    };
    const code = await runCli(argv, io, '0.0.0');
    return { code, firstLine: err.split('\n')[0] };
  };

  it('suggests the command a typo probably means', async () => {
    expect(await run(['serv'])).toEqual({ code: 2, firstLine: 'agentwire: unknown command "serv" (did you mean "serve"?)' });
    expect(await run(['events', 'valdate', 'x.json'])).toEqual({
      code: 2,
      firstLine: 'agentwire: unknown command "events valdate x.json" (did you mean "events validate"?)',
    });
    expect(await run(['--verison'])).toEqual({ code: 2, firstLine: 'agentwire: unknown command "--verison" (did you mean "--version"?)' });
  });

  it('asks which command of a group given alone', async () => {
    expect(await run(['events'])).toEqual({ code: 2, firstLine: 'agentwire events: which command?' });
  });

  it('suggests the commands of a group when the second word is mistyped', async () => {
    const { code, firstLine } = await run(['events', 'lst']);
    expect(code).toBe(2);
    expect(firstLine).toBe('agentwire: unknown command "events lst" (did you mean "events list"?)');
  });

  it('suggests nothing when nothing is close', async () => {
    expect(await run(['frobnicate'])).toEqual({ code: 2, firstLine: 'agentwire: unknown command "frobnicate"' });
  });
});

describe('--kind', () => {
  it('names the closest event kind for a typo, and lists the kinds', async () => {
    const { parseKindOption } = await import('./store-option');
    expect(() => parseKindOption(['ActionEvnet'])).toThrow(
      /unknown event kind: ActionEvnet \(did you mean ActionEvent\?\); the kinds are .*MessageEvent/,
    );
    expect(() => parseKindOption(['Nothing'])).toThrow(/unknown event kind: Nothing; the kinds are/);
    expect(parseKindOption(['ActionEvent'])).toEqual(['ActionEvent']);
  });
});
