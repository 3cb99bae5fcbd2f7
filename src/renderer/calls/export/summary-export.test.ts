import { describe, expect, it } from 'vitest';
import { summaryMarkdown } from './summary-export';

const call = { title: 'Acme renewal', recorded: null };

describe('summary and checklist export', () => {
  it('writes the sections by type, the notes as given, then the checklist with its evidence', () => {
    const markdown = summaryMarkdown(
      call,
      {
        id: 'sum_1',
        sections: [
          { id: 'a', title: 'Key points', contents: 'Budget is *set*.\nTimeline: Q3', type: 'KEY_POINTS' },
          { id: 'b', title: 'Send the quote', contents: ['Ana sends it', 'Bo reviews'], type: 'ACTION_ITEMS' },
          { id: 'c', title: null, contents: null, type: null },
        ],
        notes_markdown: '- a **bold** note',
      },
      {
        id: 'chk_1',
        status: 'COMPLETED',
        overall_assessment: 'Solid discovery.',
        items: [
          {
            id: 'i1',
            item_text: 'Asked about budget',
            status: 'PARTIALLY_MET',
            item_description: null,
            reasoning: 'Budget came up late.',
            improvement_suggestion: 'Ask earlier.',
            evidence: [{ id: 'e1', text: 'What is your budget?', relevance: 'HIGH' }],
          },
          { item_text: null, status: null, evidence: [] },
        ],
      },
    );
    expect(markdown).toBe(
      [
        '# Acme renewal: summary and checklist',
        '',
        '## Key points',
        '',
        'Budget is \\*set\\*.  ',
        'Timeline: Q3',
        '',
        '## Action items',
        '',
        '### Send the quote',
        '',
        'Ana sends it  ',
        'Bo reviews',
        '',
        '## Summary',
        '',
        '## Notes',
        '',
        '- a **bold** note',
        '',
        '## Checklist',
        '',
        'Evaluation: Completed',
        '',
        '### Overall assessment',
        '',
        'Solid discovery.',
        '',
        '### Asked about budget: Partially met',
        '',
        '**Why:** Budget came up late.',
        '',
        '**Try next time:** Ask earlier.',
        '',
        '> “What is your budget?” (high relevance)',
        '',
        '### Unnamed item: —',
        '',
      ].join('\n'),
    );
  });

  it('writes the notes as the call page shows them: no raw HTML, images, or links but web and mail', () => {
    const markdown = summaryMarkdown(
      call,
      {
        id: 'sum_1',
        sections: [],
        notes_markdown:
          'Next: <img src=x onerror=alert(1)>send ![pixel](https://t.example/p.gif) the [form](javascript:alert(2)) by [mail](mailto:a@b.example)',
      },
      null,
    );
    expect(markdown).toContain('\n## Notes\n\nNext: send pixel the form by [mail](mailto:a@b.example)\n');
  });

  it('keeps every heading on one line, whatever line breaks its text has', () => {
    const markdown = summaryMarkdown(
      { title: 'Acme\u2028<b>renewal</b>', recorded: null },
      {
        id: 'sum_1',
        sections: [{ id: 'a', title: 'Next\r\n# steps', contents: 'Send it', type: 'ACTION\u2029ITEMS' }],
        notes_markdown: '',
      },
      {
        id: 'chk_1',
        status: 'COMPLETED',
        overall_assessment: '',
        items: [{ id: 'i1', item_text: 'Asked\u0085about\nbudget', status: 'MET', evidence: [] }],
      },
    );
    const headings = markdown.split('\n').filter((text) => text.startsWith('#'));
    expect(headings).toEqual([
      '# Acme \\<b\\>renewal\\</b\\>: summary and checklist',
      '## Action items',
      '### Next \\# steps',
      '## Checklist',
      '### Asked about budget: Met',
    ]);
    expect(markdown).not.toMatch(/[\r\u2028\u2029\u0085]/);
  });

  it('says which part the call does not have yet', () => {
    const markdown = summaryMarkdown({ title: '', recorded: 'Mar 4, 2026' }, null, null);
    expect(markdown).toBe(
      [
        '# Untitled call: summary and checklist',
        '',
        'Recorded Mar 4, 2026',
        '',
        '## Summary',
        '',
        'This call has not been analysed yet.',
        '',
        '## Checklist',
        '',
        'This call has not been evaluated yet.',
        '',
      ].join('\n'),
    );
  });
});
