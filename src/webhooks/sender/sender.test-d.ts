import { describe, expectTypeOf, it } from 'vitest';
import type { Event, LenientEvent } from '../../events/index';
import {
  createEventSender,
  type DropReason,
  type EventDeliveryError,
  type SenderCloseError,
  type SenderHaltedError,
  type SenderOverflowError,
  type UndeliveredEvent,
} from '../index';

describe('event sender types', () => {
  it('send returns a promise to await; halted is the typed halt', () => {
    const sender = createEventSender({ baseUrl: 'http://x', sessionApiKey: 'k' });
    expectTypeOf(sender.send).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(sender.halted).toEqualTypeOf<SenderHaltedError | undefined>();
    expectTypeOf(sender.pending).toEqualTypeOf<number>();
  });

  it('the errors carry what a caller needs, and a halt is a delivery error', () => {
    expectTypeOf<SenderHaltedError>().toMatchTypeOf<EventDeliveryError>();
    expectTypeOf<SenderHaltedError['status']>().toEqualTypeOf<number>();
    expectTypeOf<SenderCloseError['undelivered']>().toEqualTypeOf<UndeliveredEvent[]>();
    expectTypeOf<UndeliveredEvent['event']>().toEqualTypeOf<Event | LenientEvent>();
    expectTypeOf<SenderOverflowError['reason']>().toEqualTypeOf<'queue-events' | 'queue-bytes'>();
    expectTypeOf<DropReason>().toEqualTypeOf<'queue-events' | 'queue-bytes' | 'rejected'>();
  });

  it('onError takes a listener written for EventDeliveryError', () => {
    createEventSender({ baseUrl: 'http://x', sessionApiKey: 'k', onError: (error: EventDeliveryError) => error.status });
  });
});
