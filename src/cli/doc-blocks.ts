/**
 * Generated blocks in hand-written Markdown: `<!-- generated:NAME -->` … `<!-- /generated:NAME -->`
 * filled from the code (the output samples of docs/validate.md, the rule tables of the profile pages, the command help of docs/cli.md),
 * so the prose around them stays hand-written and the generated parts cannot drift.
 * @module
 */

const BLOCK = /(<!-- generated:([a-z0-9-]+) -->)[\s\S]*?(<!-- \/generated:\2 -->)/g;

/** A fenced block, with a fence longer than any backtick run inside. */
export function fenced(text: string, language: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}

/**
 * `markdown` (the document `file`) with every generated block filled with the block of that name.
 * Throws when a block is unknown or a known one is missing, so the markers cannot silently go stale.
 */
export function fillBlocks(markdown: string, blocks: Record<string, string>, file: string): string {
  const found = new Set<string>();
  const filled = markdown.replace(BLOCK, (_, open: string, name: string, close: string) => {
    const block = blocks[name];
    if (block === undefined) throw new Error(`${file} has an unknown generated block "${name}"`);
    found.add(name);
    return `${open}\n${block}\n${close}`;
  });
  const missing = Object.keys(blocks).filter((name) => !found.has(name));
  if (missing.length > 0) throw new Error(`${file} lacks the generated blocks ${missing.join(', ')}`);
  return filled;
}
