import { analysedCall } from './other-services/every-screen';
import { exportAs, openScreen } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.describe('call export', () => {
  // A file is dated by the reader's calendar day; a fixed zone makes that the day in created_at.
  test.use({ timezoneId: 'UTC' });

  test('E opens the export, and each transcript format downloads the whole transcript under a safe name', async ({
    page,
    callscope,
  }) => {
    const { video, transcript } = await analysedCall(callscope);
    await openScreen(page, callscope, `/calls/${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
    await expect(page.locator('[data-segment-id]').first()).toBeVisible();
    await page.keyboard.press('e');
    await expect(page.getByRole('dialog', { name: 'Export this call' })).toBeVisible();

    const day = video.created_at.slice(0, 10);
    const stem = `${video.title
      .replace(/[\\/:*?"<>|]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()} ${day}`;
    const vtt = await exportAs(page, 'Transcript as WebVTT subtitles');
    expect(vtt.download.suggestedFilename()).toBe(`${stem} transcript.vtt`);
    expect(vtt.text.startsWith('WEBVTT\n\n1\n')).toBe(true);
    expect(vtt.text.match(/ --> /g)).toHaveLength(transcript.length);
    expect(vtt.text).toContain(`<v ${transcript[0]!.speaker}>`);

    const csv = await exportAs(page, 'Transcript as CSV (speaker, role, start, end, text)');
    expect(csv.download.suggestedFilename()).toBe(`${stem} transcript.csv`);
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('speaker,role,start,end,text');
    expect(rows).toHaveLength(transcript.length + 1);
    expect(rows[1]).toContain(`${transcript[0]!.speaker},${transcript[0]!.speaker_role},${transcript[0]!.start},`);

    const markdown = await exportAs(page, 'Transcript as Markdown');
    expect(markdown.download.suggestedFilename()).toBe(`${stem} transcript.md`);
    const text = await exportAs(page, 'Transcript as plain text');
    expect(text.download.suggestedFilename()).toBe(`${stem} transcript.txt`);
    expect(text.text.trimEnd().split('\n')).toHaveLength(transcript.length + 3);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Export this call' })).toBeHidden();
  });

  test('the summary and checklist download as one Markdown document', async ({ page, callscope }) => {
    const { video, checklist } = await analysedCall(callscope);
    await openScreen(page, callscope, `/calls/${video.id}`);
    await page.getByRole('button', { name: 'Export…' }).click();
    const { download, text } = await exportAs(page, 'Summary and checklist as Markdown');
    expect(download.suggestedFilename()).toMatch(/ summary\.md$/);
    expect(text).toContain('## Checklist');
    expect(text).toContain(checklist.items[0]!.item_text);
  });

  test('the shortcut sheet lists the export key', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/calls');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Export the call on view');
  });
});
