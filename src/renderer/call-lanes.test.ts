import { describe, expect, it } from 'vitest';
import { createLanes } from './call-lanes';

/** A task that records when it starts and ends when told to. */
function task(started: string[], name: string) {
  let finish!: (value: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return {
    run: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(name),
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('call lanes', () => {
  it('runs as many background tasks at once as the lanes are wide, the others in order as those end', async () => {
    const lanes = createLanes(2);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => task(started, name));
    const results = [a, b, c, d].map((each) => lanes.background(each!.run));
    expect(started).toEqual(['a', 'b']);
    b!.finish();
    await settled();
    expect(started).toEqual(['a', 'b', 'c']);
    a!.finish();
    c!.finish();
    d!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('starts a foreground task at once and no background task until it ends', async () => {
    const lanes = createLanes(2);
    const started: string[] = [];
    const [running, waiting, asked] = ['running', 'waiting', 'asked'].map((name) => task(started, name));
    void lanes.background(running!.run);
    const person = lanes.foreground(asked!.run);
    void lanes.background(waiting!.run);
    expect(started).toEqual(['running', 'asked']);
    running!.finish();
    await settled();
    expect(started).toEqual(['running', 'asked']);
    asked!.finish();
    expect(await person).toBe('asked');
    await settled();
    expect(started).toEqual(['running', 'asked', 'waiting']);
  });

  it('starts no background task while a hold is on, and the waiting ones once every hold is released', async () => {
    const lanes = createLanes(2);
    const started: string[] = [];
    const [running, waiting] = ['running', 'waiting'].map((name) => task(started, name));
    void lanes.background(running!.run);
    const releaseFirst = lanes.hold();
    const releaseSecond = lanes.hold();
    void lanes.background(waiting!.run);
    expect(started).toEqual(['running']);
    releaseFirst();
    releaseFirst();
    await settled();
    expect(started).toEqual(['running']);
    releaseSecond();
    expect(started).toEqual(['running', 'waiting']);
  });

  it('drops a waiting background task whose signal aborts: it never starts, the next takes its turn', async () => {
    const lanes = createLanes(1);
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => task(started, name));
    const abandoned = new AbortController();
    void lanes.background(a!.run);
    const dropped = lanes.background(b!.run, abandoned.signal);
    const kept = lanes.background(c!.run);
    abandoned.abort();
    await expect(dropped).rejects.toThrow(/abort/i);
    a!.finish();
    c!.finish();
    expect(await kept).toBe('c');
    expect(started).toEqual(['a', 'c']);
  });

  it('frees a lane when a task fails', async () => {
    const lanes = createLanes(1);
    await expect(lanes.background(() => Promise.reject(new Error('service refused')))).rejects.toThrow(
      'service refused',
    );
    await expect(lanes.foreground(() => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect(await lanes.background(async () => 'next')).toBe('next');
  });
});
