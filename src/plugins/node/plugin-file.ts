/**
 * Reading one JSON file of a plugin (a manifest, `mcp.json`, `.mcp.json`, `hooks.json`) as text:
 * a size limit, strict UTF-8, and a diagnostic that says what the service loses when it cannot.
 * @module
 */
import { type Diagnostic, diagnostic } from '../../internal/diagnostic';
import { FILE_TOO_LARGE } from '../../internal/node/file-rules';
import type { SafeWalker } from '../../internal/node/walk';
import { decodeUtf8 } from '../../internal/utf8';
import { PLUGIN_FILE_UNREADABLE } from './rules';

/** The text of a plugin file, or why it was not read: `unreadable` (the service fails too) or `too-large` (not checked). */
export type PluginFileText = { ok: true; text: string } | { ok: false; reason: 'unreadable' | 'too-large'; diagnostics: Diagnostic[] };

/**
 * Reads a plugin file found by the walker (so inside the root). `loss` completes the sentence
 * "the service …" for a file it cannot read, such as `rejects the plugin`.
 */
export async function readPluginFile(walker: SafeWalker, file: string, maxFileSize: number, loss: string): Promise<PluginFileText> {
  try {
    return await readText(walker, file, maxFileSize, loss);
  } catch (error) {
    return { ok: false, reason: 'unreadable', diagnostics: [unreadableFile(file, error, loss)] };
  }
}

/**
 * The diagnostic of a file the file system refuses to give (no permission, gone since it was
 * listed): the service cannot read it either. `loss` completes "the service …".
 */
export function unreadableFile(file: string, error: unknown, loss: string): Diagnostic {
  const code = (error as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  return diagnostic(PLUGIN_FILE_UNREADABLE, {
    file,
    message: `${file} cannot be read (${reason}): the service fails to read it and ${loss}.`,
  });
}

async function readText(walker: SafeWalker, file: string, maxFileSize: number, loss: string): Promise<PluginFileText> {
  const info = await walker.fs.kind(file);
  if (info?.kind !== 'file') {
    const message = `${file} is ${info?.kind === 'directory' ? 'a folder' : 'not a regular file'}: the service cannot read it and ${loss}.`;
    return { ok: false, reason: 'unreadable', diagnostics: [diagnostic(PLUGIN_FILE_UNREADABLE, { file, message })] };
  }
  if (info.size > maxFileSize) {
    const message = `The file is ${(info.size / 2 ** 20).toFixed(1)} MiB, over the ${(maxFileSize / 2 ** 20).toFixed(1)} MiB limit: agentwire does not read or check it.`;
    return {
      ok: false,
      reason: 'too-large',
      diagnostics: [diagnostic(FILE_TOO_LARGE, { file, message, hint: 'Raise `maxFileSize` to check it, or split the file.' })],
    };
  }
  const decoded = decodeUtf8(await walker.fs.read(file, 0, info.size));
  if (!decoded.ok) {
    const byte = decoded.byte.toString(16).padStart(2, '0');
    const message = `Byte 0x${byte} at offset ${decoded.offset} is not UTF-8: the service fails to read the file and ${loss}.`;
    return { ok: false, reason: 'unreadable', diagnostics: [diagnostic(PLUGIN_FILE_UNREADABLE, { file, at: decoded.at, message })] };
  }
  return { ok: true, text: decoded.text };
}
