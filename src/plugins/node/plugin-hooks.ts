/**
 * The hooks of a plugin (`hooks/hooks.json`, or `dev.openhands/hooks/hooks.json` in an Agent
 * Plugins plugin), read through `parseHooksConfig`: one invalid part and the service loads none
 * of the file's hooks (the parser's diagnostics say so and name the hooks lost).
 * @module
 */
import { join } from 'node:path';
import type { Diagnostic } from '../../internal/diagnostic';
import type { SafeWalker } from '../../internal/node/walk';
import { type HooksConfig, parseHooksConfig } from '../hooks/hooks-config';
import { readPluginFile } from './plugin-file';

/**
 * The hooks of `folder/hooks.json`: the hooks the service runs, or `null` when it keeps none:
 * without the file, when it cannot be read or is over the size limit, and when the service drops
 * it (its hook loader then leaves the plugin's hooks `None`; the parser's errors name the file, the
 * place and the hooks lost).
 */
export async function loadPluginHooks(
  walker: SafeWalker,
  folder: string,
  maxFileSize: number,
  diagnostics: Diagnostic[],
): Promise<HooksConfig | null> {
  const entry = await walker.entry(folder, 'hooks.json');
  if (!entry) return null;
  const file = join(folder, 'hooks.json');
  const read = await readPluginFile(walker, file, maxFileSize, 'loads none of its hooks');
  if (!read.ok) {
    diagnostics.push(...read.diagnostics);
    return null;
  }
  const parsed = parseHooksConfig(read.text, { file });
  diagnostics.push(...parsed.diagnostics);
  return parsed.ok ? parsed.value : null;
}
