/**
 * Lighthouse mobile scores for a page, from the lighthouse CLI run by npx (fetched from the npm
 * registry on first use rather than installed with the project: only the bench needs it) against
 * Debian's chromium.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const LIGHTHOUSE_VERSION = '13';
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
  const { stdout } = await run(
    'npx',
    [
      '--yes',
      `lighthouse@${LIGHTHOUSE_VERSION}`,
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  const report = JSON.parse(stdout) as {
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
