/**
 * The harness on workerd: a module Worker without `nodejs_compat`. The key comes from the
 * `WEBHOOK_KEY` binding, as in `cloudflare-worker.ts`, which the harness serves as `worker`.
 */
import worker, { type Env, webhooksFor } from '../../../examples/webhooks/cloudflare-worker';
import { createDeliveryLog, createRuntimeApp, webExamples } from './app';

const log = createDeliveryLog();
let app: ((request: Request) => Promise<Response>) | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    if (!app) {
      webhooksFor(env)?.onAny(log.listener('worker'));
      app = createRuntimeApp(
        { name: 'workerd', version: navigator.userAgent },
        {
          ...webExamples(env.WEBHOOK_KEY ?? '', log),
          worker: { fetch: (incoming) => worker.fetch(incoming, env), delivered: (id) => log.delivered('worker', id) },
        },
      );
    }
    return app(request);
  },
};
