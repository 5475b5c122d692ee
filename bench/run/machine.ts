import os from 'node:os';

/** One line saying what the figures were measured on, load included: the machine may be shared. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const memory = `${Math.round(os.totalmem() / 1024 ** 3)} GB`;
  return `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${memory}, Node ${process.version}, ${os.platform()} ${os.release()}, load average at start ${load}`;
}
