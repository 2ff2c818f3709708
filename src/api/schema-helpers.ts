/**
 * Small Valibot pieces the generated API decoders share.
 * @module
 */
import * as v from 'valibot';

/** A whole number (the document's `integer`); bounds are the server's to check. */
export const integer: v.GenericSchema<unknown, number> = /* @__PURE__ */ v.pipe(v.number(), v.integer());
