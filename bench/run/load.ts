import autocannon from 'autocannon';

export interface LoadResult {
  /** Answers per second over the measured run. */
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx (or not the expected status), and socket errors. */
  failures: number;
  /** Microseconds of the server's CPU per answer, when measured. */
  cpuPerAnswer?: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** A new path for every request (cache misses on purpose); unset: always `path` of the URL. */
  nextPath?: () => string;
  /** The status every answer must have; 200 unless told. */
  expect?: number;
}

/** Percentile of sorted numbers (nearest rank). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** The raw material of a result: every answer's latency, and the time it took. */
interface Sample {
  latencies: number[];
  failures: number;
  seconds: number;
}

function once(url: string, options: LoadOptions, seconds: number): Promise<Sample> {
  // autocannon's own histogram keeps whole milliseconds; answers here take fractions of one, so
  // the latencies are taken from its per-response event instead, in full precision.
  const latencies: number[] = [];
  let failures = 0;
  const nextPath = options.nextPath;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: seconds,
        headers: options.headers,
        ...(nextPath
          ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          latencies,
          failures: failures + result.errors + result.timeouts,
          seconds: result.duration || seconds,
        });
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      if (status === (options.expect ?? 200)) latencies.push(responseTime);
      else failures += 1;
    });
  });
}

function summarize(samples: Sample[]): LoadResult {
  const latencies = samples.flatMap((sample) => sample.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, sample) => sum + sample.seconds, 0);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: samples.reduce((sum, sample) => sum + sample.failures, 0),
  };
}

/** A short warm-up (JIT, pools, caches), then the measured run. */
export async function measure(url: string, options: LoadOptions): Promise<LoadResult> {
  await once(url, options, 1);
  return summarize([await once(url, options, options.seconds)]);
}

/** The measured run alone, without the warm-up: for a caller that warms up and reads CPU around it itself. */
export async function measureOnce(url: string, options: LoadOptions): Promise<LoadResult> {
  return summarize([await once(url, options, options.seconds)]);
}

/** A server to measure: its address, and how to read the CPU time its process has used (µs). */
export interface Target {
  url: string;
  cpu(): Promise<number>;
}

/**
 * Two servers measured in turns of one second, `options.seconds` each in all, after a warm-up of
 * each: on a shared machine, whatever else runs slows both alike instead of whichever came second.
 * Each result also says how much CPU its server spent per answer during its own turns.
 */
export async function measurePair(
  first: Target,
  second: Target,
  options: LoadOptions,
): Promise<[LoadResult, LoadResult]> {
  await once(first.url, options, 1);
  await once(second.url, options, 1);
  const turns: [Sample[], Sample[]] = [[], []];
  const cpu = [0, 0];
  for (let turn = 0; turn < options.seconds; turn += 1) {
    for (const [index, target] of [first, second].entries()) {
      const before = await target.cpu();
      turns[index]?.push(await once(target.url, options, 1));
      cpu[index] = (cpu[index] ?? 0) + (await target.cpu()) - before;
    }
  }
  return [0, 1].map((index) => {
    const samples = turns[index] ?? [];
    const answers = samples.reduce((sum, sample) => sum + sample.latencies.length, 0);
    return { ...summarize(samples), cpuPerAnswer: (cpu[index] ?? 0) / answers };
  }) as [LoadResult, LoadResult];
}
