import { afterEach, describe, expect, it } from 'vitest';
import type { FileSaver } from '../platform/file-saver';
import { createTempCore } from '../testing/temp-core';

let dispose = () => {};
afterEach(() => dispose());

/** The desktop's save dialog cannot open here; this one records what it was asked and answers as told. */
function recordingSaver(answer: boolean) {
  const asked: { suggestedName: string; content: string }[] = [];
  const saver: FileSaver = {
    save: async (file) => {
      asked.push(file);
      return answer;
    },
  };
  return { saver, asked };
}

function core(fileSaver?: FileSaver) {
  const made = createTempCore({ fileSaver });
  dispose = made.dispose;
  return made.core;
}

describe('saveFile', () => {
  it('hands a safe name and the content to the save dialog and says whether it was saved', async () => {
    const { saver, asked } = recordingSaver(true);
    const app = core(saver);
    const params = { suggestedName: 'Acme 2026-03-04 transcript.vtt', content: 'WEBVTT\n' };
    expect(await app.invoke('saveFile', params)).toEqual({ ok: true, value: { saved: true } });
    expect(asked).toEqual([params]);
  });

  it('reports a cancelled dialog as not saved', async () => {
    const app = core(recordingSaver(false).saver);
    expect(await app.invoke('saveFile', { suggestedName: 'a.md', content: '' })).toEqual({
      ok: true,
      value: { saved: false },
    });
  });

  it('refuses a path or a name some OS refuses before any dialog opens', async () => {
    const { saver, asked } = recordingSaver(true);
    const app = core(saver);
    for (const suggestedName of ['../../.bashrc', '/etc/passwd.txt', 'C:\\x.md', 'nul.txt', 'no-extension']) {
      expect(await app.invoke('saveFile', { suggestedName, content: 'x' })).toMatchObject({
        ok: false,
        error: { code: 'invalid_params' },
      });
    }
    expect(asked).toEqual([]);
  });

  it('refuses a name without an export’s extension, saying which it takes', async () => {
    const { saver, asked } = recordingSaver(true);
    const app = core(saver);
    for (const suggestedName of [
      'Acme transcript.exe',
      'Acme.htm',
      'Acme.svg',
      'run.sh',
      'Acme transcript.MD',
      'a.md.lnk',
    ]) {
      const answer = await app.invoke('saveFile', { suggestedName, content: 'x' });
      expect(answer, suggestedName).toMatchObject({
        ok: false,
        error: { code: 'invalid_params', message: expect.stringContaining('must end in .md, .txt, .vtt, .csv') },
      });
    }
    expect(asked).toEqual([]);
  });

  it('refuses a name with bidi controls, zero-width or C1 control characters', async () => {
    const { saver, asked } = recordingSaver(true);
    const app = core(saver);
    for (const hidden of ['\u202E', '\u2067', '\u200E', '\u061C', '\u200B', '\u2060', '\uFEFF', '\u0085', '\u009B']) {
      const answer = await app.invoke('saveFile', { suggestedName: `Acme${hidden}gnp.md`, content: 'x' });
      expect(answer).toMatchObject({
        ok: false,
        error: { code: 'invalid_params', message: expect.stringContaining('without invisible characters') },
      });
    }
    expect(asked).toEqual([]);
  });

  it('says browser mode has no save dialog', async () => {
    expect(await core().invoke('saveFile', { suggestedName: 'a.md', content: '' })).toMatchObject({
      ok: false,
      error: { code: 'not_available' },
    });
  });
});
