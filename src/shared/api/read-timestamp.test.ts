import { describe, expect, it } from 'vitest';
import { ReadTimestamp, Timestamp } from './primitives';
import { readTimestamp } from './read-timestamp';

const instant = '2024-02-01T10:15:00.000Z';

describe('reading an ISO 8601 date-time into RFC 3339 UTC', () => {
  it('keeps the form the local service writes as it is', () => {
    expect(readTimestamp('2024-02-01T10:15:00.123Z')).toBe('2024-02-01T10:15:00.123Z');
  });

  it('reads lower-case t and z, minutes without seconds, hours alone and the basic format', () => {
    for (const text of [
      '2024-02-01t10:15:00z',
      '2024-02-01T10:15Z',
      '20240201T101500Z',
      '20240201T1015Z',
      '2024-02-01 10:15:00Z',
    ])
      expect(readTimestamp(text), text).toBe(instant);
    expect(readTimestamp('2024-02-01T10Z')).toBe('2024-02-01T10:00:00.000Z');
  });

  it('reads offsets as ±hh:mm, ±hhmm or ±hh, with a Unicode minus too', () => {
    for (const text of [
      '2024-02-01T12:15:00+02:00',
      '2024-02-01T12:15:00+0200',
      '2024-02-01T12:15+02',
      '20240201T121500+0200',
      '2024-02-01T05:15:00-05:00',
      '2024-02-01T05:15:00−05:00',
      '2024-02-01T10:15:00+00:00',
    ])
      expect(readTimestamp(text), text).toBe(instant);
    expect(readTimestamp('2024-02-01T00:30:00+01:00')).toBe('2024-01-31T23:30:00.000Z');
  });

  it('keeps a fraction of a second of any length, after a point or a comma', () => {
    expect(readTimestamp('2024-02-01T10:15:00.5Z')).toBe('2024-02-01T10:15:00.500Z');
    expect(readTimestamp('2024-02-01T10:15:00,25Z')).toBe('2024-02-01T10:15:00.250Z');
    expect(readTimestamp('2024-02-01T10:15:00.123456789Z')).toBe('2024-02-01T10:15:00.123456789Z');
    expect(readTimestamp('2024-02-01T12:15:00.999999+02:00')).toBe('2024-02-01T10:15:00.999999Z');
    expect(readTimestamp('2024-02-01T10:15:00.120000Z')).toBe('2024-02-01T10:15:00.120Z');
  });

  it('reads a fraction of a minute or an hour as the time it stands for', () => {
    expect(readTimestamp('2024-02-01T10:15.5Z')).toBe('2024-02-01T10:15:30.000Z');
    expect(readTimestamp('2024-02-01T10,25Z')).toBe(instant);
  });

  it('reads ordinal and week dates', () => {
    expect(readTimestamp('2024-032T10:15Z')).toBe(instant);
    expect(readTimestamp('2024032T1015Z')).toBe(instant);
    expect(readTimestamp('2024-W05-4T10:15Z')).toBe(instant);
    expect(readTimestamp('2024W054T101500Z')).toBe(instant);
    expect(readTimestamp('2020-W53-5T00:00Z')).toBe('2021-01-01T00:00:00.000Z');
    expect(readTimestamp('2024-366T00:00Z')).toBe('2024-12-31T00:00:00.000Z');
  });

  it('reads the end of a day as 24:00, a leap second, and a time without a zone as UTC', () => {
    expect(readTimestamp('2024-02-01T24:00Z')).toBe('2024-02-02T00:00:00.000Z');
    expect(readTimestamp('2016-12-31T23:59:60Z')).toBe('2017-01-01T00:00:00.000Z');
    expect(readTimestamp('2024-02-01T10:15:00')).toBe(instant);
  });

  it('reads years before 100 as they are', () => {
    expect(readTimestamp('0042-03-01T00:00Z')).toBe('0042-03-01T00:00:00.000Z');
  });

  it('reads no date that does not exist, no time out of range, and nothing that is not a date-time', () => {
    for (const text of [
      '2023-02-29T10:00Z',
      '2024-13-01T10:00Z',
      '2024-02-01T25:00Z',
      '2024-02-01T24:30Z',
      '2024-02-01T10:60Z',
      '2024-02-01T10:15:61Z',
      '2023-366T00:00Z',
      '2021-W53-1T00:00Z',
      '2024-W05-8T00:00Z',
      '2024-02-01T10:15:00+24:00',
      '2024-02-01',
      '2024-02-01T',
      '10:15:00Z',
      'yesterday',
      '',
      '1706782500',
      '2024-02-01T10:15:00Zjunk',
      '0000-01-01T00:00+01:00',
      `2024-02-01T10:15:00.${'1'.repeat(80)}Z`,
    ])
      expect(readTimestamp(text), text).toBeNull();
  });

  it('is the client’s reading schema; the local service’s own stays RFC 3339', () => {
    expect(ReadTimestamp.parse('20240201T101500Z')).toBe(instant);
    expect(ReadTimestamp.safeParse('yesterday').success).toBe(false);
    expect(Timestamp.safeParse('20240201T101500Z').success).toBe(false);
    expect(Timestamp.safeParse('2024-02-01T12:15:00+02:00').success).toBe(true);
  });
});
