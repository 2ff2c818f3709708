/** The part of autocannon's API the webhook benchmark uses. */
declare module 'autocannon' {
  interface Request {
    body?: string;
    setupRequest?: (request: object) => object;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    amount?: number;
    requests?: Request[];
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p99: number; average: number };
    start: Date;
    finish: Date;
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
