/**
 * Every TypeScript snippet of README.md and docs/*.md type-checks, as a user would paste it, under
 * the project's strict settings (`exactOptionalPropertyTypes` included). A snippet may name values
 * it does not define (an Express `app`, a list of skills): an HTML comment right before its fence,
 * `<!-- snippet: declare const app: import('express').Express; -->`, declares them without showing.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/built';

interface Snippet {
  file: string;
  line: number;
  code: string;
  context: string;
}

/** The ```ts blocks of a Markdown file, with the hidden context before each. */
function snippetsOf(file: string, text: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[i] as string)) continue;
    const context = /^<!-- snippet: ([\s\S]*?) -->$/.exec(lines[i - 1] ?? '')?.[1] ?? '';
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    snippets.push({ file, line: start + 1, code: lines.slice(start, end).join('\n'), context });
    i = end;
  }
  return snippets;
}

const documents = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const snippets = documents.flatMap((file) => snippetsOf(file, readFileSync(join(ROOT, file), 'utf8')));

describe('documentation snippets', () => {
  it('finds the snippets', () => {
    expect(snippets.length).toBeGreaterThan(30);
  });

  it('type-check under the strict settings', () => {
    const folder = join(ROOT, 'node_modules/.cache/agentwire-snippets');
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const names = snippets.map((snippet, index) => {
      const name = join(folder, `snippet-${index}.ts`);
      // A module of its own (top-level await allowed), the hidden context first on the same line.
      writeFileSync(name, `${snippet.context} export {};\n${snippet.code}\n`);
      return name;
    });
    const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
    const program = ts.createProgram(names, { ...parsed.options, noEmit: true, noUnusedLocals: false });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file && names.includes(diagnostic.file.fileName))
      .map((diagnostic) => {
        const index = names.indexOf(diagnostic.file?.fileName ?? '');
        const snippet = snippets[index] as Snippet;
        const { line } = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0) ?? { line: 0 };
        return `${snippet.file}:${snippet.line + line - 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      });
    expect(problems).toEqual([]);
  });
});
