// The part of autocannon 8's programmatic API that bench/run uses (the package ships no types).
declare module 'autocannon' {
  interface Request {
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: Array<{ setupRequest?: (request: Request) => Request }>;
  }
  interface Result {
    /** Seconds the run lasted. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Instance {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): void;
  }
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
