/**
 * The agent definitions of a plugin (`agents/*.md`, or `dev.openhands/agents/*.md` in an Agent
 * Plugins plugin), read as the service reads them: one bad file skipped alone.
 * @module
 */
import { basename } from 'node:path';
import type { Diagnostic } from '../../internal/diagnostic';
import { type ReadLimits, readSkillFile } from '../../internal/node/read-skill-file';
import type { SafeWalker } from '../../internal/node/walk';
import { firstFailure, problemDiagnostics } from '../../internal/problem';
import { interpretAgent } from './agent-fields';
import { listMarkdownFiles, stemOf } from './markdown-files';
import { unreadableFile } from './plugin-file';
import type { PluginAgent } from './types';

/** The agents of `folder` the service loads, in its order. */
export async function loadPluginAgents(
  walker: SafeWalker,
  folder: string,
  limits: ReadLimits,
  diagnostics: Diagnostic[],
): Promise<PluginAgent[]> {
  const agents: PluginAgent[] = [];
  for (const file of await listMarkdownFiles(walker, folder, 'agent', diagnostics)) {
    const read = await readSkillFile(walker.fs, file, limits).catch((error: unknown) => {
      diagnostics.push(unreadableFile(file, error, 'skips this agent'));
      return undefined;
    });
    if (!read) continue;
    if (firstFailure(read.problems)) {
      diagnostics.push(...problemDiagnostics(read.problems, undefined, 'this agent'));
      continue;
    }
    const { agent, problems } = interpretAgent(read, stemOf(basename(file)));
    const all = [...read.problems, ...problems];
    diagnostics.push(...problemDiagnostics(all, undefined, 'this agent'));
    if (!firstFailure(all)) agents.push(agent);
  }
  return agents;
}
