/** The harness on Bun: `Bun.serve` on a free loopback port, printed as the first line. */
import { createDeliveryLog, createRuntimeApp, webExamples } from './app';
import { nextExample } from './next-example';

declare const Bun: {
  version: string;
  serve(options: { port: number; hostname: string; fetch(request: Request): Promise<Response> }): { port: number };
};

const log = createDeliveryLog();
const key = process.env.WEBHOOK_KEY ?? '';
const app = createRuntimeApp({ name: 'bun', version: Bun.version }, { ...webExamples(key, log), next: nextExample(log) });
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app });
console.log(JSON.stringify({ port: server.port }));
