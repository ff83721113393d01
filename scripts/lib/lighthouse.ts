/**
 * Lighthouse mobile scores for a page, from the lighthouse CLI run by npx (fetched from the npm
 * registry on first use rather than installed with the project: only the bench needs it) against
 * Debian's chromium.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { descendants, spawnProc } from './stack.ts';

export const LIGHTHOUSE_VERSION = '13';
/**
 * One Lighthouse run (npx, then chromium loading the page) is stopped after this long, with
 * everything it started: a chromium that never finishes would otherwise hold the pages row forever.
 * The first run also fetches the CLI from the registry.
 */
const LIGHTHOUSE_RUN_MS = 180_000;
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Audits that lost points, for the table's reader. */
  failing: string[];
  /** Performance of every run when several were taken (this result is the median one). */
  performanceRuns?: number[];
}

export async function lighthouse(url: string): Promise<LighthouseScores> {
  // The report goes to a file and the output to a log, and the run is spawned by spawnProc, which
  // can stop it with what it started when the bound passes.
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  let reportJson: string;
  try {
    const reportFile = path.join(dir, 'report.json');
    const logFile = path.join(dir, 'lighthouse.log');
    const proc = spawnProc(
      'lighthouse',
      'npx',
      [
        '--yes',
        `lighthouse@${LIGHTHOUSE_VERSION}`,
        url,
        '--output=json',
        `--output-path=${reportFile}`,
        '--quiet',
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      { env: { CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, logFile },
    );
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'bound'>((resolve) => {
      timer = setTimeout(() => resolve('bound'), LIGHTHOUSE_RUN_MS);
    });
    const code = await Promise.race([proc.exited, bound]);
    clearTimeout(timer);
    const tail = () => {
      try {
        return readFileSync(logFile, 'utf8').trim().split('\n').slice(-3).join(' | ');
      } catch {
        return '';
      }
    };
    if (code === 'bound') {
      // Chromium runs in a process group of its own (chrome-launcher detaches it), out of reach
      // of stopping the run's group: every process the run started is ended by its id.
      for (const { pid } of descendants(proc.child.pid ?? 0)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended meanwhile.
        }
      }
      await proc.stop();
      throw new Error(`lighthouse did not finish within ${LIGHTHOUSE_RUN_MS / 1000} s`);
    }
    if (code !== 0) throw new Error(`lighthouse exited with ${code}: ${tail()}`);
    reportJson = readFileSync(reportFile, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const report = JSON.parse(reportJson) as {
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, { score: number | null; title: string }>;
  };
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failing = new Set<string>();
  for (const category of Object.values(report.categories)) {
    for (const ref of category.auditRefs) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) failing.add(audit.title);
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    failing: [...failing],
  };
}

/**
 * Lighthouse's performance score moves 10-15 points between runs of the same page on this machine
 * (its simulated 4x CPU slowdown multiplies whatever else the two cores are doing at the time), so
 * the bench takes several runs and reports the median one, as Lighthouse's own documentation
 * recommends for variable environments; every run's performance score is kept alongside.
 */
export async function lighthouseMedian(url: string, runs: number): Promise<LighthouseScores> {
  const all: LighthouseScores[] = [];
  for (let i = 0; i < runs; i++) all.push(await lighthouse(url));
  const sorted = [...all].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? all[0];
  if (!median) throw new Error('No Lighthouse run');
  return { ...median, performanceRuns: all.map((r) => r.performance) };
}
