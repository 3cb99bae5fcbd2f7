import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { foldCase } from './fold-case';

describe('foldCase', () => {
  it('folds every character the way the FTS5 trigram index does', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize='trigram case_sensitive 0');
             CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
    const insert = db.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)');
    // The whole Basic Multilingual Plane, plus the astral scripts that have case.
    const ranges = [
      [0x20, 0xd7ff],
      [0xe000, 0xffff],
      [0x10400, 0x1057f],
      [0x10c80, 0x10cff],
      [0x10d50, 0x10d6f],
      [0x118a0, 0x118df],
      [0x16e40, 0x16ebf],
      [0x1e900, 0x1e95f],
    ];
    db.transaction(() => {
      for (const [first, last] of ranges) {
        for (let code = first!; code <= last!; code++) insert.run(code, String.fromCodePoint(code).repeat(3));
      }
    })();
    const mismatches = (db.prepare('SELECT doc, term FROM v').raw().all() as [number, string][])
      .filter(([code, term]) => foldCase(String.fromCodePoint(code)) !== [...term][0])
      .map(([code]) => code.toString(16));
    db.close();
    expect(mismatches).toEqual([]);
  });

  it('folds accented capitals to their lowercase', () => {
    expect(foldCase('ÉTÉ Zoë NÚÑEZ')).toBe('été zoë núñez');
  });
});
