/**
 * A unified diff of two texts (the format of `diff -u` and `git diff`), by lines, with three lines
 * of context: Myers' shortest edit script, cheap when the texts differ in a few lines. Lines keep
 * whatever precedes their `\n` (a `\r` included); a text that does not end in a line feed is marked
 * `\ No newline at end of file`. Edge-safe.
 * @module
 */

type Op = { kind: ' ' | '-' | '+'; line: string; oldIndex: number; newIndex: number };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file';
  return lines;
}

/** The edit script from `a` to `b`, as kept, removed and added lines. */
function editScript(a: readonly string[], b: readonly string[]): Op[] {
  const max = a.length + b.length;
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= a.length && y >= b.length) {
        found = true;
        break;
      }
    }
    v = next;
  }
  trace.push(v);
  // Walk back from the end through the saved frontiers.
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 2; d >= 0; d--) {
    const frontier = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (frontier[offset + k - 1] as number) < (frontier[offset + k + 1] as number));
    const previousK = down ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : (frontier[offset + previousK] as number);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      x--;
      y--;
      ops.push({ kind: ' ', line: a[x] as string, oldIndex: x, newIndex: y });
    }
    if (d === 0) break;
    if (down) {
      y--;
      ops.push({ kind: '+', line: b[y] as string, oldIndex: x, newIndex: y });
    } else {
      x--;
      ops.push({ kind: '-', line: a[x] as string, oldIndex: x, newIndex: y });
    }
  }
  return ops.reverse();
}

/** A hunk's range: the first line (from 1; the line before for an empty range) and the count when it is not 1. */
const range = (start: number, count: number) => (count === 1 ? `${start + 1}` : `${count === 0 ? start : start + 1},${count}`);

/**
 * The unified diff from `before` to `after` under the labels `---` and `+++` name (`a/file`,
 * `b/file`), or `''` when the texts are equal.
 */
export function unifiedDiff(before: string, after: string, labels: { before: string; after: string }, context = 3): string {
  if (before === after) return '';
  const ops = editScript(splitLines(before), splitLines(after));
  const changed = ops.flatMap((op, index) => (op.kind === ' ' ? [] : [index]));
  let out = `--- ${labels.before}\n+++ ${labels.after}\n`;
  let at = 0;
  while (at < changed.length) {
    const first = changed[at] as number;
    let last = first;
    while (at + 1 < changed.length && (changed[at + 1] as number) - last <= 2 * context + 1) last = changed[++at] as number;
    at++;
    const start = Math.max(0, first - context);
    const end = Math.min(ops.length, last + context + 1);
    const hunk = ops.slice(start, end);
    const oldCount = hunk.filter((op) => op.kind !== '+').length;
    const newCount = hunk.filter((op) => op.kind !== '-').length;
    const head = ops[start] as Op;
    out += `@@ -${range(head.oldIndex, oldCount)} +${range(head.newIndex, newCount)} @@\n`;
    for (const op of hunk) out += `${op.kind}${op.line}\n`;
  }
  return out;
}
