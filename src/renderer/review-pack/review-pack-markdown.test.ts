import { describe, expect, it } from 'vitest';
import type { DealReviewPack } from '../../shared/deal-review-pack';
import { parseCallscopeLink } from '../../shared/moment-link';
import type { PrivateNote } from '../../shared/private-notes';
import golden from './fixtures/review-pack.md?raw';
import rowGolden from './fixtures/row-review-pack.md?raw';
import { reviewPackHtml } from './review-pack-html';
import { reviewPackMarkdown, rowReviewPackMarkdown } from './review-pack-markdown';

const context = {
  warnings: [{ kind: 'probability-drop' as const, text: 'Win probability down 20 points (60% → 40%)' }],
  currency: 'EUR',
  locale: 'en-GB',
  timeZone: 'UTC',
};

/** A deal with one of everything a pack says, from fixed inputs. */
function synthetic(): DealReviewPack {
  return {
    deal: {
      id: 'deal_acme',
      title: 'Acme renewal',
      status: 'OPEN',
      forecastAmount: 52_500,
      closeDate: '2027-01-15T00:00:00.000Z',
      ownerId: 'mem_ana',
      probability: 40,
      factors: [{ factorId: 'budget_confirmed', score: 0.2, reason: 'Budget not confirmed on the last call' }],
      gone: false,
    },
    closeDateMoves: [
      {
        at: '2026-11-10T08:00:00.000Z',
        before: '2026-12-01T00:00:00.000Z',
        after: '2027-01-15T00:00:00.000Z',
        pushed: true,
      },
    ],
    scorings: [
      {
        id: 'sc_1',
        at: '2026-11-01T10:00:00.000Z',
        probability: 60,
        factors: [
          { factorId: 'champion', score: 0.8, reason: 'A champion in IT' },
          { factorId: 'budget_confirmed', score: 0.6, reason: 'Budget named on the first call' },
        ],
      },
      {
        id: 'sc_2',
        at: '2026-11-11T10:00:00.000Z',
        probability: 40,
        factors: [
          { factorId: 'champion', score: 0.8, reason: 'A champion in IT' },
          { factorId: 'budget_confirmed', score: 0.2, reason: 'Budget not confirmed' },
        ],
      },
    ],
    activities: [
      {
        id: 'act_1',
        at: '2026-11-09T15:00:00.000Z',
        action: 'LINKED',
        callId: 'vid_2',
        callTitle: 'Pricing call',
        memberId: 'mem_ana',
      },
    ],
    calls: [
      { id: 'vid_2', title: 'Pricing call', at: '2026-11-09T14:00:00.000Z' },
      { id: 'vid_1', title: 'Discovery', at: '2026-10-20T14:00:00.000Z' },
    ],
    checklist: [
      {
        item: 'Budget confirmed',
        status: 'NOT_MET',
        reasoning: null,
        callId: 'vid_2',
        callTitle: 'Pricing call',
        callAt: '2026-11-09T14:00:00.000Z',
        quote: { text: 'We need to check the budget with finance', seconds: 65.5 },
      },
      {
        item: 'Next step agreed',
        status: 'MET',
        reasoning: null,
        callId: 'vid_1',
        callTitle: 'Discovery',
        callAt: '2026-10-20T14:00:00.000Z',
        quote: null,
      },
    ],
    changes: [
      {
        key: 'j2',
        kind: 'close-date',
        at: '2026-11-10T08:00:00.000Z',
        dealId: 'deal_acme',
        dealTitle: 'Acme renewal',
        dealStatus: 'OPEN',
        dealGone: false,
        ownerId: 'mem_ana',
        before: '2026-12-01T00:00:00.000Z',
        after: '2027-01-15T00:00:00.000Z',
        pushes: 1,
      },
      {
        key: 'call-vid_2',
        kind: 'call',
        at: '2026-11-09T14:00:00.000Z',
        dealId: 'deal_acme',
        dealTitle: 'Acme renewal',
        dealStatus: 'OPEN',
        dealGone: false,
        ownerId: 'mem_ana',
        callId: 'vid_2',
        callTitle: 'Pricing call',
        attributedBy: 'deal-owner',
        linkedBy: 'mem_ana',
      },
    ],
    since: { at: '2026-11-09T09:00:00.000Z', from: 'last-look', name: null },
    historyKnownSince: '2026-10-01T09:00:00.000Z',
    builtAt: '2026-11-12T09:00:00.000Z',
    names: { mem_ana: 'Ana Silva' },
  };
}

describe('a deal’s review pack as Markdown', () => {
  it('is the golden file, to the byte', () => {
    // A change to the pack's words is made in fixtures/review-pack.md too, on purpose.
    expect(reviewPackMarkdown(synthetic(), context)).toBe(golden);
  });

  it('puts a callscope:// link that opens a deal or a call on every claim', () => {
    const lines = reviewPackMarkdown(synthetic(), context)
      .split('\n')
      .filter((line) => /^\s*- /.test(line));
    const claims = lines.filter((line) => line.startsWith('- '));
    expect(claims.length).toBeGreaterThan(10);
    for (const claim of claims) {
      const links = [...claim.matchAll(/\]\((callscope:\/\/[^)]+)\)/g)].map((match) => match[1]!);
      expect(links.length, claim).toBeGreaterThan(0);
      for (const link of links) expect(parseCallscopeLink(link), link).not.toBeNull();
    }
    expect(lines.join('\n')).toContain('([at the line](callscope://call/vid_2?t=65.5))');
  });

  it('lists a snoozed warning after those that count, with until when', () => {
    const markdown = reviewPackMarkdown(synthetic(), {
      ...context,
      snoozedWarnings: [{ kind: 'stale', text: 'No activity for 21 days', until: '2026-12-02T00:00:00.000Z' }],
    });
    const warnings = markdown.slice(markdown.indexOf('## Warnings'), markdown.indexOf('## Checklist coverage'));
    expect(warnings.trim().split('\n').slice(2)).toEqual([
      '- Win probability down 20 points (60% → 40%) ([open](callscope://deal/deal_acme))',
      '- No activity for 21 days: snoozed until 2 Dec 2026 ([open](callscope://deal/deal_acme))',
    ]);
  });

  it('escapes hostile text: a title, quote or reason cannot add markup, a link or a line', () => {
    const pack = synthetic();
    pack.deal.title = '<script>alert(1)</script> [x](javascript:alert(1))';
    pack.checklist[0]!.quote!.text = 'evil\n# heading ](callscope://deal/other)';
    pack.deal.factors[0]!.reason = '<img src=x onerror=alert(1)>';
    const markdown = reviewPackMarkdown(pack, context);
    // Only an unescaped character is markup.
    expect(markdown).not.toMatch(/(?<!\\)<(script|img)/);
    expect(markdown).not.toMatch(/(?<!\\)\]\((javascript:|callscope:\/\/deal\/other)/);
    expect(markdown).not.toMatch(/^# heading/m);
    expect(markdown).toContain('\\<script\\>');
  });

  it('has the manager’s notes only when they are included, each linking to its place and escaped', () => {
    const noteOf = (place: PrivateNote['place'], body: string, placeName: string): PrivateNote => ({
      id: `note_${body.length}`,
      place,
      body,
      createdAt: '2026-11-10T08:00:00.000Z',
      updatedAt: '2026-11-11T08:30:00.000Z',
      placeName,
    });
    const notes = [
      noteOf({ kind: 'deal', id: 'deal_acme' }, 'Champion leaves in January', 'Acme renewal'),
      noteOf({ kind: 'line', id: 'vid_2', segmentId: 'seg_9', seconds: 65.5 }, 'Dodged\n[pricing](x)', 'Pricing call'),
    ];
    expect(reviewPackMarkdown(synthetic(), { ...context, notes: [] })).toBe(
      `${golden.trimEnd()}\n\n## My private notes\n\nNo notes.\n`,
    );
    const markdown = reviewPackMarkdown(synthetic(), { ...context, notes });
    expect(markdown.slice(golden.trimEnd().length)).toBe(
      [
        '',
        '',
        '## My private notes',
        '',
        '- Deal Acme renewal, 11 Nov 2026, 08:30: Champion leaves in January ([open](callscope://deal/deal_acme))',
        '- Line at 1:05 of Pricing call, 11 Nov 2026, 08:30: Dodged \\[pricing\\](x) ([open](callscope://call/vid_2?t=65.5))',
        '',
      ].join('\n'),
    );
  });
});

/** A second deal of the same row: no calls, never scored, a title a heading anchor must cope with. */
function quiet(): DealReviewPack {
  const pack = synthetic();
  return {
    ...pack,
    deal: {
      ...pack.deal,
      id: 'deal_globex',
      title: 'Globex: pilot (phase 2), Zürich',
      forecastAmount: null,
      probability: null,
      factors: [],
    },
    closeDateMoves: [],
    scorings: [],
    activities: [],
    calls: [],
    checklist: [],
    changes: [],
  };
}

describe('a roll-up row’s review pack as Markdown', () => {
  const row = { title: 'Ana Silva · January 2027', total: 2, packs: [synthetic(), quiet()] };

  it('is the golden file, to the byte: a contents list, then each deal’s pack in the row’s order', () => {
    // A change to the pack's words is made in fixtures/row-review-pack.md too, on purpose.
    expect(rowReviewPackMarkdown(row, context)).toBe(rowGolden);
  });

  it('links each entry of its contents to its deal’s part, as the saved HTML names them', () => {
    const markdown = rowReviewPackMarkdown(row, context);
    const html = reviewPackHtml(markdown, 'Review pack');
    const anchors = [...markdown.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]!);
    expect(anchors).toEqual(['1-acme-renewal', '2-globex-pilot-phase-2-zürich']);
    // A browser finds a heading by its link's fragment decoded.
    const hrefs = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => decodeURIComponent(match[1]!));
    expect(hrefs).toEqual(anchors);
    for (const anchor of anchors) expect(html).toContain(`<h2 id="${anchor}">`);
  });

  it('says how many of the row’s deals it leaves out past what one pack holds', () => {
    const packs = Array.from({ length: 50 }, synthetic);
    const markdown = rowReviewPackMarkdown({ title: 'All owners · Q1 2027', total: 73, packs }, context);
    expect(markdown).toContain(
      'This pack holds the first 50 of the row’s 73 deals, in the roll-up’s order: the other 23 are left out.',
    );
    expect(markdown.match(/^## \d+\. /gm)).toHaveLength(50);
  });
});
