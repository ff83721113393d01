import { describe, expect, it } from 'vitest';
import { CSV_BOM, CsvSyntaxError, csvLine, neutraliseFormula, parseCsv, restoreFormulaText } from './csv.ts';

describe('parseCsv (RFC 4180)', () => {
  it('reads plain fields, CRLF, LF and a lone CR', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('name,description\r\n"Gelato, 3.5g","Say ""sweet""\r\nand creamy"\r\n')).toEqual([
      ['name', 'description'],
      ['Gelato, 3.5g', 'Say "sweet"\r\nand creamy'],
    ]);
    expect(parseCsv('""')).toEqual([['']]);
    expect(parseCsv('"",""')).toEqual([['', '']]);
  });

  it('skips a byte order mark, adds no record for a final line break, keeps empty fields', () => {
    expect(parseCsv(`${CSV_BOM}a,b\n`)).toEqual([['a', 'b']]);
    expect(parseCsv('a,,c,\n')).toEqual([['a', '', 'c', '']]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv(CSV_BOM)).toEqual([]);
  });

  it('keeps a blank line as a record, so record i is spreadsheet row i + 1', () => {
    expect(parseCsv('h\n\nx\n')).toEqual([['h'], [''], ['x']]);
  });

  it('reads a quote inside an unquoted field as text', () => {
    expect(parseCsv('5" glass pipe,2')).toEqual([['5" glass pipe', '2']]);
  });

  it('names the line where an unterminated quote starts', () => {
    const text = 'name,description\n"ok",fine\n"Blue Dream","never\nends\n';
    expect(() => parseCsv(text)).toThrow(CsvSyntaxError);
    try {
      parseCsv(text);
    } catch (err) {
      expect(err).toBeInstanceOf(CsvSyntaxError);
      expect((err as CsvSyntaxError).line).toBe(3);
      expect((err as Error).message).toMatch(/line 3/);
    }
  });

  it('counts lines inside earlier quoted fields when it names a line', () => {
    try {
      parseCsv('a,b\n"x\ny",1\n"z"oops,2\n');
      expect.unreachable();
    } catch (err) {
      expect((err as CsvSyntaxError).line).toBe(4);
      expect((err as Error).message).toMatch(/after a closing quote on line 4/);
    }
  });
});

describe('csvLine', () => {
  it('quotes only what needs it and ends with CRLF', () => {
    expect(csvLine(['a', 'b c', 'd,e', 'say "hi"', 'two\nlines', null, undefined, 3.5, true])).toBe(
      'a,b c,"d,e","say ""hi""","two\nlines",,,3.5,true\r\n',
    );
  });

  it('neutralises text cells a spreadsheet would evaluate, never numbers', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tx', '\rx', 'plain', -5])).toBe(
      `"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1),'\tx,"'\rx",plain,-5\r\n`,
    );
  });

  it('round-trips through parseCsv', () => {
    const rows = [
      ['id', 'name', 'note'],
      ['1', '=cmd|"/c calc"!A1', 'it\'s, "quoted"\r\nover lines'],
      ['2', "'=already marked", "'plain apostrophe"],
    ];
    const text = rows.map((r) => csvLine(r)).join('');
    expect(parseCsv(text).map((r) => r.map(restoreFormulaText))).toEqual(rows);
  });
});

describe('formula neutralising', () => {
  it('is undone exactly by restoreFormulaText, for every starting character', () => {
    for (const value of ['=1+1', '+1', '-1', '@x', '\tx', '\rx', "'=x", "''+x", "'x", 'x', '', "'", "it's"]) {
      expect(restoreFormulaText(neutraliseFormula(value)), JSON.stringify(value)).toBe(value);
    }
  });

  it('leaves text alone that no spreadsheet would evaluate', () => {
    expect(neutraliseFormula('Blue Dream')).toBe('Blue Dream');
    expect(neutraliseFormula("'quoted")).toBe("'quoted");
    expect(restoreFormulaText("'quoted")).toBe("'quoted");
    expect(neutraliseFormula('a=b')).toBe('a=b');
  });
});
