/** The part of autocannon's API the perf-db bench uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Request) => Request;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
    }
    interface Result {
      latency: { p50: number; p99: number; average: number };
      requests: { average: number };
      non2xx: number;
      errors: number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
