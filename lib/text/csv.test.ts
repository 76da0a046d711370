import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv';

describe('csvCell', () => {
  it.each<[string | number | null, string]>([
    ['newsletter', 'newsletter'],
    [null, ''],
    [12.5, '12.5'],
    // A negative number stays a number; only text is read as a possible formula.
    [-3, '-3'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a=1', 'a=1'],
  ])('%j → %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});

describe('csvDocument', () => {
  it('writes a byte-order mark, a header row and CRLF after every row', () => {
    expect(
      csvDocument([
        ['source', 'orders'],
        ['=1+1', 2],
        [null, 0],
      ]),
    ).toBe("\uFEFFsource,orders\r\n'=1+1,2\r\n,0\r\n");
  });
});
