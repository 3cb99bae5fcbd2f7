import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readPerRecord } from './read-per-record';

const Item = z.object({ id: z.string(), score: z.number(), quotes: z.array(z.object({ text: z.string() })) });
const Page = z.object({ data: z.array(Item), meta: z.object({ has_more: z.boolean() }) });
const item = (id: string, score: unknown = 1, quotes: unknown[] = []) => ({ id, score, quotes });

describe('reading an answer record by record', () => {
  it('reads a clean answer in one pass, leaving nothing out', () => {
    const value = { data: [item('a'), item('b')], meta: { has_more: false } };
    expect(readPerRecord(Page, value)).toEqual({ ok: true, value, unreadable: [] });
  });

  it('leaves out each record it cannot read, naming its id, place and problem, and keeps the order of the rest', () => {
    const answer = readPerRecord(Page, {
      data: [item('a'), item('b', 'high'), item('c'), 7, item('d', null)],
      meta: { has_more: true },
    });
    expect(answer).toMatchObject({ ok: true, value: { data: [{ id: 'a' }, { id: 'c' }] } });
    expect(answer.ok && answer.unreadable).toEqual([
      { id: 'b', path: 'data[1]', problem: expect.stringMatching(/^score: /) },
      { id: null, path: 'data[3]', problem: expect.any(String) },
      { id: 'd', path: 'data[4]', problem: expect.stringMatching(/^score: /) },
    ]);
  });

  it('leaves out only the innermost record that fails, not the record holding it', () => {
    const answer = readPerRecord(Page, {
      data: [item('a', 1, [{ text: 'ok' }, { text: 3 }])],
      meta: { has_more: false },
    });
    expect(answer).toMatchObject({ ok: true, value: { data: [{ id: 'a', quotes: [{ text: 'ok' }] }] } });
    expect(answer.ok && answer.unreadable).toEqual([
      { id: null, path: 'data[0].quotes[1]', problem: expect.stringMatching(/^text: /) },
    ]);
  });

  it('gives up on the whole answer only when what fails is outside every list', () => {
    expect(readPerRecord(Page, { data: [item('a')], meta: {} })).toEqual({
      ok: false,
      problem: expect.stringMatching(/^meta\.has_more: /),
    });
    expect(readPerRecord(Page, { data: 'nothing', meta: { has_more: false } })).toMatchObject({ ok: false });
  });

  it('does not change the answer it was given', () => {
    const value = { data: [item('a'), item('b', 'x')], meta: { has_more: false } };
    readPerRecord(Page, value);
    expect(value.data).toHaveLength(2);
  });
});
