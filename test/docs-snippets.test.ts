/**
 * Every TypeScript snippet of README.md and docs/*.md type-checks, as a user would paste it, under
 * the project's strict settings (`exactOptionalPropertyTypes` included), against the sources
 * (test/package-snippets.test.ts checks them against the packed package). See helpers/snippets.ts
 * for how a snippet declares values it does not show.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/built';
import { documentedSnippets, type Snippet, snippetModule } from './helpers/snippets';

const snippets = documentedSnippets();

describe('documentation snippets', () => {
  it('finds the snippets', () => {
    expect(snippets.length).toBeGreaterThan(30);
  });

  // One TypeScript program over every snippet: about 12 s on a quiet 2-core machine, 95 s on one at load 12.
  it('type-check under the strict settings', () => {
    const folder = join(ROOT, 'node_modules/.cache/agentwire-snippets');
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const names = snippets.map((snippet, index) => {
      const name = join(folder, `snippet-${index}.ts`);
      writeFileSync(name, snippetModule(snippet));
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
  }, 300_000);
});
