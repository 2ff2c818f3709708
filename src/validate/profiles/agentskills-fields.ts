/**
 * The front matter fields of a SKILL.md judged by the Agent Skills specification: only the six
 * fields it defines, each with its type and length rules.
 * @module
 */
import { basename } from 'node:path';
import type { Position } from '../../internal/diagnostic';
import { pythonStrip } from '../../internal/python/text';
import { normalizeSkillName, skillNameProblems, suggestSkillName } from './agentskills-name';
import {
  AGENTSKILLS_ALLOWED_TOOLS_INVALID,
  AGENTSKILLS_COMPATIBILITY_INVALID,
  AGENTSKILLS_DESCRIPTION_INVALID,
  AGENTSKILLS_DESCRIPTION_MISSING,
  AGENTSKILLS_LICENSE_INVALID,
  AGENTSKILLS_METADATA_INVALID,
  AGENTSKILLS_NAME_INVALID,
  AGENTSKILLS_NAME_MISMATCH,
  AGENTSKILLS_NAME_MISSING,
  AGENTSKILLS_UNEXPECTED_FIELD,
} from './agentskills-rules';
import { unexpectedFieldNote } from './agentskills-unexpected';
import type { Reporter } from './profile-output';
import type { StrictEntry, StrictNode } from './strict-yaml';

/** The fields the specification allows. */
export const AGENT_SKILLS_FIELDS: readonly string[] = ['name', 'description', 'license', 'allowed-tools', 'metadata', 'compatibility'];

const ALLOWED_LIST = `${AGENT_SKILLS_FIELDS.slice(0, -1).join(', ')} and ${AGENT_SKILLS_FIELDS.at(-1)}`;
const MAX_DESCRIPTION = 1024;
const MAX_COMPATIBILITY = 500;

/** What a field holds, in words. */
function kindOf(node: StrictNode): string {
  return node.kind === 'map' ? 'a mapping' : node.kind === 'list' ? 'a list' : node.kind === 'alias' ? 'an alias' : 'text';
}

/** Where to point at a value: the key when the value is empty. */
function valueAt(entry: StrictEntry): Position {
  return entry.value.kind === 'string' && entry.value.empty ? entry.keyAt : entry.value.at;
}

/** Checks the fields of a front matter mapping. `folder` is the folder holding the SKILL.md. */
export function checkSkillFields(entries: readonly StrictEntry[], file: string, folder: string, report: Reporter): void {
  const fields = new Map<string, StrictEntry>();
  for (const entry of entries) {
    fields.set(entry.key, entry);
    if (AGENT_SKILLS_FIELDS.includes(entry.key)) continue;
    const note = unexpectedFieldNote(entry.key);
    report(AGENTSKILLS_UNEXPECTED_FIELD, {
      file,
      at: entry.keyAt,
      message: `Unexpected field "${entry.key}": the Agent Skills specification allows only ${ALLOWED_LIST}, and skills-ref validate rejects the file. ${note.message}`,
      ...(note.hint ? { hint: note.hint } : {}),
    });
  }
  const at = { line: 1, column: 1 };
  const name = fields.get('name');
  if (name) checkName(name, file, folder, report);
  else report(AGENTSKILLS_NAME_MISSING, { file, at, message: 'The front matter has no "name", which the specification requires.' });
  const description = fields.get('description');
  if (description) checkDescription(description, file, report);
  else
    report(AGENTSKILLS_DESCRIPTION_MISSING, {
      file,
      at,
      message: 'The front matter has no "description", which the specification requires.',
    });
  const compatibility = fields.get('compatibility');
  if (compatibility) checkCompatibility(compatibility, file, report);
  const metadata = fields.get('metadata');
  if (metadata) checkMetadata(metadata, file, report);
  const tools = fields.get('allowed-tools');
  if (tools) checkAllowedTools(tools, file, report);
  const license = fields.get('license');
  if (license && license.value.kind !== 'string') {
    report(AGENTSKILLS_LICENSE_INVALID, { file, at: license.value.at, message: `"license" is ${kindOf(license.value)}, not text.` });
  }
}

function checkName(entry: StrictEntry, file: string, folder: string, report: Reporter): void {
  const node = entry.value;
  if (node.kind !== 'string') {
    report(AGENTSKILLS_NAME_INVALID, { file, at: node.at, message: `"name" is ${kindOf(node)}; it must be a non-empty string.` });
    return;
  }
  const problems = skillNameProblems(node.value);
  const normalized = normalizeSkillName(node.value);
  if (normalized === '') {
    report(AGENTSKILLS_NAME_INVALID, {
      file,
      at: valueAt(entry),
      message: '"name" is empty; the specification requires a non-empty name.',
    });
  } else if (problems.length > 0) {
    const suggestion = suggestSkillName(node.value);
    report(AGENTSKILLS_NAME_INVALID, {
      file,
      at: valueAt(entry),
      message: `The name ${JSON.stringify(normalized)} ${problems.join(', ')}.`,
      ...(suggestion ? { hint: `Use a name such as "${suggestion}" (and rename the folder to match).` } : {}),
    });
  }
  const folderName = basename(folder);
  if (normalized !== '' && folderName.normalize('NFKC') !== normalized) {
    report(AGENTSKILLS_NAME_MISMATCH, {
      file,
      at: valueAt(entry),
      message: `The folder "${folderName}" and the name ${JSON.stringify(normalized)} differ; the specification requires them to be equal.`,
    });
  }
}

function checkDescription(entry: StrictEntry, file: string, report: Reporter): void {
  const node = entry.value;
  if (node.kind !== 'string') {
    report(AGENTSKILLS_DESCRIPTION_INVALID, { file, at: node.at, message: `"description" is ${kindOf(node)}; it must be text.` });
  } else if (pythonStrip(node.value) === '') {
    report(AGENTSKILLS_DESCRIPTION_INVALID, { file, at: valueAt(entry), message: 'The description is empty.' });
  } else {
    const length = [...node.value].length;
    if (length > MAX_DESCRIPTION) {
      report(AGENTSKILLS_DESCRIPTION_INVALID, {
        file,
        at: node.at,
        message: `The description has ${length} characters, over the specification's limit of ${MAX_DESCRIPTION}.`,
        hint: 'Shorten the description and move details into the body.',
      });
    }
  }
}

function checkCompatibility(entry: StrictEntry, file: string, report: Reporter): void {
  const node = entry.value;
  if (node.kind !== 'string') {
    report(AGENTSKILLS_COMPATIBILITY_INVALID, { file, at: node.at, message: `"compatibility" is ${kindOf(node)}; it must be text.` });
    return;
  }
  const length = [...node.value].length;
  if (length > MAX_COMPATIBILITY) {
    report(AGENTSKILLS_COMPATIBILITY_INVALID, {
      file,
      at: node.at,
      message: `"compatibility" has ${length} characters, over the specification's limit of ${MAX_COMPATIBILITY}.`,
    });
  } else if (length === 0) {
    report(AGENTSKILLS_COMPATIBILITY_INVALID, {
      file,
      at: valueAt(entry),
      severity: 'warning',
      message: '"compatibility" is empty: the specification asks for 1–500 characters when the field is present (skills-ref accepts it).',
      hint: 'Remove the field, or say what the skill needs.',
    });
  }
}

function checkMetadata(entry: StrictEntry, file: string, report: Reporter): void {
  const node = entry.value;
  if (node.kind !== 'map') {
    const what = node.kind === 'string' && node.empty ? 'empty' : kindOf(node);
    report(AGENTSKILLS_METADATA_INVALID, {
      file,
      at: valueAt(entry),
      message: `"metadata" is ${what}, not a mapping of strings to strings.`,
    });
    return;
  }
  for (const item of node.entries) {
    if (item.value.kind === 'string') continue;
    report(AGENTSKILLS_METADATA_INVALID, {
      file,
      at: item.value.at,
      message: `metadata "${item.key}" is ${kindOf(item.value)}; metadata values must be strings (skills-ref turns it into text).`,
    });
  }
}

function checkAllowedTools(entry: StrictEntry, file: string, report: Reporter): void {
  const node = entry.value;
  if (node.kind !== 'string') {
    report(AGENTSKILLS_ALLOWED_TOOLS_INVALID, {
      file,
      at: node.at,
      message: `"allowed-tools" is ${kindOf(node)}; the specification defines one space-separated string (the service also accepts a list).`,
      ...(node.kind === 'list' ? { hint: 'Write the tools on one line separated by spaces.' } : {}),
    });
    return;
  }
  // A comma directly after a name (outside parentheses) separates names the way other tools write them.
  if (/^[^(]*,|\),/.test(node.value)) {
    report(AGENTSKILLS_ALLOWED_TOOLS_INVALID, {
      file,
      at: node.at,
      severity: 'warning',
      message:
        '"allowed-tools" looks comma-separated; the specification separates tools with spaces, so the commas become part of the tool names.',
      hint: 'Separate the tools with spaces only.',
    });
  }
}
