/**
 * CSV as RFC 4180 writes it (what spreadsheets open and save): fields separated by commas, records
 * by CRLF (LF and a lone CR are read too), a field quoted when it holds a comma, a quote or a line
 * break, and a quote inside quotes doubled. Knows nothing of products (product-csv.ts does).
 *
 * Formula cells (OWASP "CSV injection"): a spreadsheet runs a cell that starts with = + - @ (or a
 * tab or carriage return, which some treat the same way) as a formula, so a product name could
 * run code on the admin's machine. Text cells that start so are written with a leading `'`, which
 * spreadsheets show as text and do not evaluate. `restoreFormulaText` undoes it on the way back in,
 * so export -> import gives back the very value exported: it strips one `'` when the rest starts
 * with `'`s and then one of those characters. A value that itself starts with `'=` is written as
 * `''=`, so the two directions stay exact inverses. Numbers are never touched: they cannot hold a
 * formula, and a negative number must stay a number.
 */

/** Excel reads a file as UTF-8 only when it starts with this mark; the parser skips it. */
export const CSV_BOM = '\uFEFF';

/** A cell whose text, as written, a spreadsheet would evaluate; `'` marks already there count. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A cell written by `neutraliseFormula`: one added `'` in front of such a start. */
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** `=1+1` -> `'=1+1`; text a spreadsheet would not evaluate is returned as it is. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The inverse of `neutraliseFormula`: `'=1+1` -> `=1+1`; any other text as it is. */
export function restoreFormulaText(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

/** Text cells are neutralised; numbers and booleans are written as they are; null is empty. */
export type CsvCell = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;

function formatCell(cell: CsvCell): string {
  if (cell == null) return '';
  const text = typeof cell === 'string' ? neutraliseFormula(cell) : String(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(formatCell).join(',')}\r\n`;
}

export class CsvSyntaxError extends Error {
  /** The file's line (1 = first) where the problem starts. */
  readonly line: number;

  constructor(message: string, line: number) {
    super(message);
    this.name = 'CsvSyntaxError';
    this.line = line;
  }
}

const COMMA = 44;
const LF = 10;
const CR = 13;

function lineBreaks(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) n++;
  }
  return n;
}

/**
 * Every record of `text`, each a list of its fields. A blank line is a record of one empty field
 * (so record i is spreadsheet row i + 1); a final line break ends the last record and adds none.
 * An unterminated quote, or text after a closing quote, throws a CsvSyntaxError with its line.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  const n = text.length;
  let i = text.startsWith(CSV_BOM) ? 1 : 0;
  if (i >= n) return records;
  let line = 1;
  let record: string[] = [];
  for (;;) {
    if (text.charCodeAt(i) === 34) {
      const startLine = line;
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1)
          throw new CsvSyntaxError(`A quoted field that starts on line ${startLine} never ends (a " is missing).`, startLine);
        value += text.slice(from, quote);
        if (text.charCodeAt(quote + 1) === 34) {
          value += '"';
          from = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      line += lineBreaks(value);
      record.push(value);
      const next = text.charCodeAt(i);
      if (i < n && next !== COMMA && next !== LF && next !== CR) {
        throw new CsvSyntaxError(`Unexpected text after a closing quote on line ${line}; quote the whole field.`, line);
      }
    } else {
      let end = i;
      while (end < n) {
        const c = text.charCodeAt(end);
        if (c === COMMA || c === LF || c === CR) break;
        end++;
      }
      record.push(text.slice(i, end));
      i = end;
    }
    if (i >= n) {
      records.push(record);
      return records;
    }
    if (text.charCodeAt(i) === COMMA) {
      i++;
      continue;
    }
    i += text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    line++;
    records.push(record);
    record = [];
    if (i >= n) return records;
  }
}
