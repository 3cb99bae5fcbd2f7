import { analysedCall } from './other-services/every-screen';
import { openScreen } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.describe('call statistics', () => {
  test('beside the talk-time bars: longest monologue per speaker, questions per side, switches per minute', async ({
    page,
    callscope,
  }) => {
    const { video, transcript } = await analysedCall(callscope);
    // The oracle, by the rules in docs/decisions/renderer.md: lines in order of their start.
    const lines = [...transcript].sort((a, b) => a.start - b.start);
    const questions = (role: string) =>
      lines
        .filter((line) => line.speaker_role === role)
        .reduce((sum, line) => sum + (line.text.match(/\?+/g)?.length ?? 0), 0);
    const switches = lines.slice(1).filter((line, index) => line.speaker !== lines[index]!.speaker).length;
    const minutes = (Math.max(...lines.map((line) => line.end)) - lines[0]!.start) / 60;

    await openScreen(page, callscope, `/calls/${video.id}`);
    const stats = page.getByRole('region', { name: 'Talk time and call statistics' });
    await expect(stats.getByRole('listitem')).toHaveCount(new Set(lines.map((line) => line.speaker)).size);
    for (const item of await stats.getByRole('listitem').all()) await expect(item).toContainText(/longest \d+:\d\d/);
    await expect(stats).toContainText(`Buyer ${questions('BUYER')} · Seller ${questions('SELLER')}`);
    await expect(stats).toContainText(
      `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(switches / minutes)} per minute`,
    );

    await page.locator('body').press('i');
    await expect(stats).toBeFocused();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('talk time and statistics');
  });
});
