/**
 * Reading the parts of an event the viewer shows, defensively: stored events come from the
 * network, so every field is checked before use.
 * @module
 */
import { isSafeImageUrl, stripAnsi } from './text';
import type { ImageView } from './types';

/** A field of an object, or `undefined`. */
export function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** A string field, or `''`. */
export function stringField(value: unknown, key: string): string {
  const found = field(value, key);
  return typeof found === 'string' ? found : '';
}

/** Text, images and hidden images of a content list (`TextContent` and `ImageContent` items). */
export interface ContentParts {
  text: string;
  images: ImageView[];
  hiddenImages: number;
}

/** Reads a content list: text items joined by blank lines, images whose URLs are safe to show. */
export function readContent(content: unknown): ContentParts {
  const parts: ContentParts = { text: '', images: [], hiddenImages: 0 };
  if (typeof content === 'string') {
    parts.text = stripAnsi(content);
    return parts;
  }
  if (!Array.isArray(content)) return parts;
  const texts: string[] = [];
  for (const item of content) {
    const text = field(item, 'text');
    if (typeof text === 'string') texts.push(stripAnsi(text));
    const urls = field(item, 'image_urls');
    if (Array.isArray(urls)) {
      for (const url of urls) {
        if (typeof url === 'string' && isSafeImageUrl(url)) parts.images.push({ url: url.trim() });
        else parts.hiddenImages++;
      }
    }
  }
  parts.text = texts.join('\n\n');
  return parts;
}

/** Reasoning content and thinking blocks of a message or an action, as one text. */
export function readThinking(holder: unknown): string {
  const parts: string[] = [];
  const reasoning = field(holder, 'reasoning_content');
  if (typeof reasoning === 'string' && reasoning.trim() !== '') parts.push(reasoning);
  const blocks = field(holder, 'thinking_blocks');
  if (Array.isArray(blocks)) {
    for (const block of blocks) {
      const thinking = field(block, 'thinking');
      if (typeof thinking === 'string' && thinking.trim() !== '') parts.push(thinking);
    }
  }
  const item = field(holder, 'responses_reasoning_item');
  const summary = field(item, 'summary');
  if (Array.isArray(summary)) for (const line of summary) if (typeof line === 'string') parts.push(line);
  return stripAnsi(parts.join('\n\n'));
}

/** Fields that name what an action works on, in the order they are preferred. */
const TITLE_FIELDS = ['path', 'file_path', 'url', 'pattern', 'query', 'message', 'thought', 'text', 'task', 'prompt'];

/** The command, path or main argument of an action, on one line. */
export function actionTitle(action: unknown): string {
  const command = stringField(action, 'command');
  const kind = stringField(action, 'kind');
  const path = stringField(action, 'path');
  if (kind === 'TerminalAction' && command !== '') return command;
  if (command !== '' && path !== '') return `${command} ${path}`;
  for (const name of TITLE_FIELDS) {
    const value = stringField(action, name);
    if (value !== '') return value;
  }
  if (command !== '') return command;
  const tool = stringField(action, 'tool_name');
  return tool;
}

/** The output of an observation: its content text, or a known text field. */
export function observationOutput(observation: unknown): ContentParts {
  const parts = readContent(field(observation, 'content'));
  if (parts.text === '') {
    for (const name of ['output', 'text', 'message', 'error']) {
      const value = stringField(observation, name);
      if (value !== '') {
        parts.text = stripAnsi(value);
        break;
      }
    }
  }
  return parts;
}
