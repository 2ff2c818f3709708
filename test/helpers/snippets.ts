/**
 * The TypeScript snippets of README.md and docs/*.md, as a user would paste them. A snippet may
 * name values it does not define (an Express `app`, a list of skills): an HTML comment right
 * before its fence, `<!-- snippet: declare const app: import('express').Express; -->`, declares
 * them without showing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './built';

/** One snippet: where it is, its code, and its hidden context. */
export interface Snippet {
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

/** Every snippet of README.md and docs/*.md. */
export function documentedSnippets(): Snippet[] {
  const documents = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  return documents.flatMap((file) => snippetsOf(file, readFileSync(join(ROOT, file), 'utf8')));
}

/** A snippet as a module of its own (top-level await allowed), the hidden context first on the same line. */
export const snippetModule = (snippet: Snippet) => `${snippet.context} export {};\n${snippet.code}\n`;
