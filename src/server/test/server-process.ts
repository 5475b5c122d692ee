import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The store as a real operating-system process on a real port, for tests and scripts that need
 * what `app.inject` cannot give: several instances at once, or a process killed and restarted.
 */

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `start-script` is exactly `npm start` (scripts/start.mjs: builds the web app and the server if
 * their sources changed, then runs dist/server/main.mjs in the same process). `server-only` runs
 * src/server/main.ts through tsx: the same server without the builds, for the server test suite.
 * `{ script }` runs another file through tsx (a path from the project's root): a store a test
 * has added to, which logs "is open on" as main.ts does.
 */
export type ServerEntry = 'start-script' | 'server-only' | { script: string };

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  pid: number;
  /** The last part of what the process printed (JSON log lines), for diagnostics. */
  output(): string;
  /** Resolves once the process has gone, however it went. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: no clean-up of any kind, as a power cut or the kernel's OOM killer would do. */
  kill(): Promise<void>;
  /** SIGTERM (the clean stop), then resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Enough of the caller's environment to run node; nothing else leaks in (DATABASE_URL, NODE_ENV...). */
function baseEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
  };
}

/** The most of the output kept: request logs under load would otherwise grow without bound. */
const OUTPUT_TAIL = 256 * 1024;

/**
 * Starts the store and resolves once it logs that it is open (the port it really bound: PORT=0
 * asks the system for a free one). `openWithinMs` is a bound against a hang, not a timing check.
 * The environment is explicit: PORT, HOST and LOG_LEVEL have defaults fit for a local test process
 * (info, because the "is open on" line is logged at info); `env` adds or overrides the rest.
 */
export async function startServerProcess({
  entry = 'server-only',
  env,
  openWithinMs = 300_000,
}: {
  entry?: ServerEntry;
  env: Record<string, string>;
  openWithinMs?: number;
}): Promise<ServerProcess> {
  const args =
    entry === 'start-script'
      ? [path.join(projectRoot, 'scripts/start.mjs')]
      : [
          '--import',
          'tsx',
          path.join(projectRoot, typeof entry === 'object' ? entry.script : 'src/server/main.ts'),
        ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...baseEnv(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 2 * OUTPUT_TAIL) output = output.slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The store did not open within ${openWithinMs} ms:\n${output}`));
    }, openWithinMs);
    const onData = (chunk: Buffer) => {
      // Only the start-up lines are searched: the line may arrive split across chunks.
      seen += chunk.toString();
      const match = /is open on http:\/\/localhost:(\d+)/.exec(seen);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`The store exited (${signal ?? code}) before opening:\n${output}`));
    });
  });

  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid as number,
    output: () => output,
    exited,
    async kill() {
      if (!gone()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone()) child.kill('SIGTERM');
      return (await exited).code;
    },
  };
}
