/**
 * The idle row: `npm start` as a person runs it (scripts/start.ts, in a scratch data folder), left
 * alone once it answers, and the CPU its whole process tree uses meanwhile (sqld, wrangler,
 * workerd, the mail catcher and the cron timer), read from /proc. A development server that polls
 * its sources shows here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { descendants, freePort, ROOT, spawnProc, waitForHttp } from './stack.ts';

export interface IdleResult {
  seconds: number;
  /** CPU time over wall time, in percent of one core. */
  cpuPercent: number;
  processes: number;
}

/** Clock ticks a second (`getconf CLK_TCK`): 100 on Linux. */
const TICKS_PER_SECOND = 100;

/** utime + stime of `pid` in clock ticks; 0 when it has ended. */
export function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command: state is field 0 here, utime 11 and stime 12.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The CPU `pid` uses over the next `ms`, as a percentage of one core. */
export async function cpuPercentOver(pid: number, ms: number): Promise<number> {
  const before = cpuTicks(pid);
  await new Promise((r) => setTimeout(r, ms));
  return ((cpuTicks(pid) - before) / TICKS_PER_SECOND / (ms / 1000)) * 100;
}

const treeTicks = (pid: number) => {
  const pids = [pid, ...descendants(pid).map((d) => d.pid)];
  return { ticks: pids.reduce((sum, p) => sum + cpuTicks(p), 0), processes: pids.length };
};

export async function benchIdle(dataDir: string, seconds: number): Promise<IdleResult> {
  const [port, dbPort] = [await freePort(), await freePort()];
  const start = spawnProc('npm start', process.execPath, [path.join(ROOT, 'scripts', 'start.ts')], {
    env: {
      PORT: String(port),
      LIBSQL_PORT: String(dbPort),
      GREENLINE_DATA_DIR: dataDir,
      GREENLINE_DIST_DIR: path.join(dataDir, 'dist'),
    },
    logFile: path.join(dataDir, 'start.log'),
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, { proc: start, timeoutMs: 180_000 });
    const pid = start.child.pid ?? 0;
    // What starting up left running (a first request, the build's last writes) settles first.
    await new Promise((r) => setTimeout(r, 5_000));
    const before = treeTicks(pid);
    const startedAt = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const after = treeTicks(pid);
    const wallSeconds = (performance.now() - startedAt) / 1000;
    const cpuSeconds = (after.ticks - before.ticks) / TICKS_PER_SECOND;
    return { seconds, cpuPercent: Math.round((cpuSeconds / wallSeconds) * 1000) / 10, processes: after.processes };
  } finally {
    await start.stop();
  }
}
