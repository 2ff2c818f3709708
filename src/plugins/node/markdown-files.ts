/**
 * The Markdown files a plugin folder (`skills/`, `commands/`, `agents/`) contributes, as the
 * service's plugin loaders pick them: sorted names, Python's `suffix == ".md"` (case-sensitive),
 * any `readme.md` skipped whatever its case.
 * @module
 */
import { type Diagnostic, diagnostic } from '../../internal/diagnostic';
import type { SafeWalker } from '../../internal/node/walk';
import { PLUGIN_COMPONENT_IGNORED, PLUGIN_FILE_UNREADABLE } from './rules';

/** How a plugin loader sees a file name: a Markdown file it loads, a readme it skips, a `.MD`-like name it passes over, or anything else. */
export type MarkdownKind = 'markdown' | 'readme' | 'case-variant' | 'other';

/** The kind of a name: Python's `Path(name).suffix == ".md"` needs a stem before the dot. */
export function markdownKind(name: string): MarkdownKind {
  if (name.toLowerCase() === 'readme.md') return 'readme';
  if (name.length > 3 && name.endsWith('.md')) return 'markdown';
  if (name.length > 3 && name.toLowerCase().endsWith('.md')) return 'case-variant';
  return 'other';
}

/** The file name without its last `.md`. */
export function stemOf(name: string): string {
  return name.slice(0, -3);
}

/**
 * The Markdown files of `folder` the service loads as `noun`s (`command`, `agent`), in its order,
 * reporting the names it passes over and the folders named like files it fails on.
 */
export async function listMarkdownFiles(walker: SafeWalker, folder: string, noun: string, diagnostics: Diagnostic[]): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await walker.list(folder)) {
    const kind = markdownKind(entry.name);
    if (kind === 'case-variant') {
      const message = `${entry.name} does not end in ".md" exactly: the service loads only lowercase .md files as ${noun}s and passes over this one.`;
      diagnostics.push(diagnostic(PLUGIN_COMPONENT_IGNORED, { file: entry.path, message, hint: `Rename it to ${stemOf(entry.name)}.md.` }));
    } else if (kind === 'markdown' && entry.kind !== 'file') {
      const message = `${entry.name} is ${entry.kind === 'directory' ? 'a folder' : 'not a regular file'}: the service fails to read it and skips this ${noun}.`;
      diagnostics.push(diagnostic(PLUGIN_FILE_UNREADABLE, { file: entry.path, message }));
    } else if (kind === 'markdown') files.push(entry.path);
  }
  return files;
}
