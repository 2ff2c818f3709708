import { AgentwireError, isAgentwireError } from 'agentwire';
import { APIConnectionError, APIError, NotFoundError, StartTaskError } from 'agentwire/api';
import { EventValidationError } from 'agentwire/events';
import { LaunchLinkError, PluginNotFoundError } from 'agentwire/plugins';
import { ConfigRepositoryError, SkillContentError } from 'agentwire/skills';
import { DataFolderLockedError, NotARegularFileError } from 'agentwire/stores/file';
import { EventDeliveryError, SenderCloseError, SenderHaltedError, SenderOverflowError } from 'agentwire/webhooks';
import { describe, expect, it } from 'vitest';

describe('AgentwireError', () => {
  it('is the root of the errors of every area', () => {
    const classes = [
      APIError,
      NotFoundError,
      APIConnectionError,
      EventDeliveryError,
      SenderHaltedError,
      SenderOverflowError,
      SenderCloseError,
      StartTaskError,
      EventValidationError,
      LaunchLinkError,
      PluginNotFoundError,
      ConfigRepositoryError,
      SkillContentError,
      DataFolderLockedError,
      NotARegularFileError,
    ];
    for (const type of classes)
      expect(
        type.prototype instanceof Error && Object.prototype.isPrototypeOf.call(AgentwireError.prototype, type.prototype),
        type.name,
      ).toBe(true);
  });

  it('recognizes an error of another copy of the package by its brand, and keeps subclass checks exact', () => {
    // What the other build's class looks like from here: a different class with the same brand.
    const foreign = Object.assign(new Error('from the other build'), { [Symbol.for('agentwire.error')]: true });
    expect(Object.keys(new AgentwireError('own keys'))).toEqual([]);
    expect(foreign instanceof AgentwireError).toBe(true);
    expect(isAgentwireError(foreign)).toBe(true);
    expect(foreign instanceof NotFoundError).toBe(false);
    expect(new Error('plain') instanceof AgentwireError).toBe(false);
    expect(isAgentwireError({})).toBe(false);
    const error = new AgentwireError('x', { cause: 1 });
    expect([error instanceof Error, error.cause, error.message]).toEqual([true, 1, 'x']);
  });
});
