import { describe, expect, it } from 'vitest';
import { linkInArguments, pageUrlOpening } from './moment-link-launch';

describe('moment links at launch', () => {
  it('finds the link among the arguments the OS passes', () => {
    expect(linkInArguments(['/opt/Callscope/callscope', '--no-sandbox', 'callscope://call/vid_1?t=4'])).toBe(
      'callscope://call/vid_1?t=4',
    );
    expect(linkInArguments(['/opt/Callscope/callscope', '.'])).toBeNull();
  });

  it('opens the page at a valid link, written again by the app, and at the page alone otherwise', () => {
    const opened = new URL(pageUrlOpening('app://callscope/index.html', 'callscope://call/vid_1?t=4.5'));
    expect(opened.pathname).toBe('/index.html');
    expect(opened.searchParams.get('open')).toBe('callscope://call/vid_1?t=4.5');
    expect(pageUrlOpening('app://callscope/index.html', 'callscope://call/vid_1?t=4&x=<script>')).toBe(
      'app://callscope/index.html',
    );
    expect(new URL(pageUrlOpening('app://callscope/index.html', 'callscope://deal/d_1')).searchParams.get('open')).toBe(
      'callscope://deal/d_1',
    );
    expect(pageUrlOpening('http://localhost:5173/', null)).toBe('http://localhost:5173/');
  });
});
