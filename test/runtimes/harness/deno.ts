/** The harness on Deno: `Deno.serve` on a free loopback port, printed as the first line. */
import { createDeliveryLog, createRuntimeApp, webExamples } from './app';
import { nextExample } from './next-example';

declare const Deno: {
  version: { deno: string };
  env: { get(name: string): string | undefined };
  serve(
    options: { port: number; hostname: string; onListen(address: { port: number }): void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

const log = createDeliveryLog();
const key = Deno.env.get('WEBHOOK_KEY') ?? '';
const app = createRuntimeApp({ name: 'deno', version: Deno.version.deno }, { ...webExamples(key, log), next: nextExample(log) });
Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(JSON.stringify({ port })) }, app);
