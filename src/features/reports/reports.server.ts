/**
 * Reports' database reads (R1-R7), the checkout refusals' counter and the daily summary.
 * CONTRACT ONLY: every function below is to be built (see the reports issue).
 */
import type { Db } from '../../db/db.ts';
import type { MailEnv } from '../mail/mail.server.ts';
import type { RefusalCause, ReportAnswers, ReportName } from './reports.ts';
import type { ReportQuery, ReportSettingsInput } from './reports.schema.ts';

export async function buildReport<N extends ReportName>(_db: Db, _name: N, _query: ReportQuery): Promise<ReportAnswers[N]> {
  throw new Error('to be built');
}

export async function reportCsv(_db: Db, _name: ReportName, _query: ReportQuery): Promise<{ fileName: string; text: string }> {
  throw new Error('to be built');
}

/** Counts one refused checkout (R6). */
export async function recordRefusal(_db: Db, _cause: RefusalCause, _at: number): Promise<void> {
  throw new Error('to be built');
}

export async function reportSettings(_db: Db): Promise<{ dailySummary: boolean }> {
  throw new Error('to be built');
}

export async function saveReportSettings(_db: Db, _input: ReportSettingsInput): Promise<{ dailySummary: boolean }> {
  throw new Error('to be built');
}

/** Yesterday's summary (R7) to every admin, once per New York day however often it is asked for. */
export async function sendDailySummary(
  _db: Db,
  _now: number,
  _env: MailEnv,
): Promise<{ sent: boolean; date: string; reason?: 'off' | 'already_sent' }> {
  throw new Error('to be built');
}
