import { describe, expect, it } from 'vitest';
import { knownSalesEventTypes, knownSummarySectionTypes } from '../../shared/api/videos';
import { Random } from '../seed/random';
import { type CallCast, type CallType, generateTranscript } from '../seed/transcript';
import { orgBlueprints } from '../seed/world';
import { analyzeCall } from './analyze-call';
import { TranscriptUnavailableError } from './transcript-unavailable';
import type { AnalyzerChecklistItem, AnalyzerSegment } from './types';

const checklist: AnalyzerChecklistItem[] = orgBlueprints[0]!.checklist.map((item, index) => ({
  id: `chk_${index}`,
  item_text: item.text,
  item_description: item.description,
  keywords: item.keywords,
}));

const cast = (type: CallType): CallCast => ({
  type,
  org: 'Northwind Analytics',
  seller: { name: 'Élodie Fèvre', first: 'Élodie' },
  buyer: { name: 'José Núñez', first: 'José' },
  buyer2: { name: 'Zoë Brontë', first: 'Zoë' },
  decisionMaker: { name: 'Astrid Bergström', first: 'Astrid', title: 'Chief Revenue Officer' },
  competitor: 'Signalwise',
  integration: 'HubSpot',
  plan: 'Insights Business',
  pricePerSeat: 79,
  seats: 40,
});

/** Real transcripts from the seed generator, with the ids the database would give them. */
function generatedCall(type: CallType, seed: number, length = 60): AnalyzerSegment[] {
  return generateTranscript(new Random(seed), cast(type), length).map((segment, index) => ({
    id: `seg_${seed * 1000 + index}`,
    ...segment,
  }));
}

const callTypes: CallType[] = ['DISCOVERY', 'DEMO', 'NEGOTIATION', 'FOLLOW_UP', 'GENERAL'];
const sampleCalls = callTypes.flatMap((type) => [1, 2, 3, 4].map((seed) => generatedCall(type, seed)));

describe('analyzeCall', () => {
  it('quotes every sales event from its segment verbatim, with that segment’s times', () => {
    for (const segments of sampleCalls) {
      const byId = new Map(segments.map((segment) => [segment.id, segment]));
      for (const event of analyzeCall({ segments, checklist }).events) {
        const segment = byId.get(event.segment_id)!;
        expect(event).toMatchObject({ text: segment.text, start: segment.start, end: segment.end });
        expect(knownSalesEventTypes).toContain(event.type);
      }
    }
  });

  it('finds every kind of sales event across discovery, demo and negotiation calls', () => {
    const found = new Set(
      sampleCalls.flatMap((segments) => analyzeCall({ segments, checklist }).events.map((e) => e.type)),
    );
    expect([...found].sort()).toEqual([...knownSalesEventTypes].sort());
  });

  it('counts objections only when the buyer raises them', () => {
    for (const segments of sampleCalls) {
      const byId = new Map(segments.map((segment) => [segment.id, segment]));
      const objections = analyzeCall({ segments, checklist }).events.filter((e) => e.type === 'OBJECTION');
      for (const objection of objections) expect(byId.get(objection.segment_id)!.speaker_role).toBe('BUYER');
    }
  });

  it('detects the pricing, competitor and decision maker of a negotiation', () => {
    const segments: AnalyzerSegment[] = [
      {
        id: 'seg_1',
        start: 0,
        end: 6,
        speaker: 'Élodie Fèvre',
        speaker_role: 'SELLER',
        text: 'Based on 40 seats, the list price comes to $37,920 a year.',
      },
      {
        id: 'seg_2',
        start: 7,
        end: 12,
        speaker: 'José Núñez',
        speaker_role: 'BUYER',
        text: "That's too expensive, Signalwise quoted us quite a bit less.",
      },
      {
        id: 'seg_3',
        start: 13,
        end: 17,
        speaker: 'José Núñez',
        speaker_role: 'BUYER',
        text: 'I would need to run it by our CFO.',
      },
    ];
    const types = analyzeCall({ segments, checklist }).events.map((event) => `${event.segment_id}:${event.type}`);
    expect(types).toEqual([
      'seg_1:PRICING',
      'seg_2:PRICING',
      'seg_2:COMPETITOR',
      'seg_2:OBJECTION',
      'seg_3:DECISION_MAKER',
    ]);
  });

  it('gives checklist evidence that quotes a segment verbatim under that segment’s id', () => {
    for (const segments of sampleCalls) {
      const byId = new Map(segments.map((segment) => [segment.id, segment]));
      const { checklist: evaluation } = analyzeCall({ segments, checklist });
      expect(evaluation.items.map((item) => item.id)).toEqual(checklist.map((item) => item.id));
      for (const item of evaluation.items) {
        expect(['MET', 'PARTIALLY_MET', 'NOT_MET']).toContain(item.status);
        expect(item.evidence.length === 0).toBe(item.status === 'NOT_MET');
        for (const evidence of item.evidence) {
          expect(evidence.text).toBe(byId.get(evidence.id)!.text);
          expect(['HIGH', 'MEDIUM', 'LOW']).toContain(evidence.relevance);
        }
        expect(item.reasoning).not.toBe('');
        expect(item.improvement_suggestion).not.toBe('');
      }
      expect(evaluation.overall_assessment).toMatch(/of 8 checklist items met/);
    }
  });

  it('marks an item MET, PARTIALLY_MET or NOT_MET by how much of it the call covered', () => {
    const line = (id: string, text: string): AnalyzerSegment => ({
      id,
      text,
      start: Number(id.slice(4)),
      end: Number(id.slice(4)) + 1,
      speaker: 'Ana Müller',
      speaker_role: 'BUYER',
    });
    const segments = [
      line('seg_1', 'Our budget is allocated for this year.'),
      line('seg_2', 'We want a go-live soon.'),
    ];
    const items: AnalyzerChecklistItem[] = [
      { id: 'budget', item_text: 'Budget', item_description: 'Ask.', keywords: ['budget', 'allocated'] },
      { id: 'timeline', item_text: 'Timeline', item_description: 'Ask.', keywords: ['go-live', 'deadline'] },
      { id: 'pain', item_text: 'Pain', item_description: 'Ask.', keywords: ['struggle'] },
    ];
    const statuses = analyzeCall({ segments, checklist: items }).checklist.items.map((item) => item.status);
    expect(statuses).toEqual(['MET', 'PARTIALLY_MET', 'NOT_MET']);
  });

  it('summarises in the four section types with markdown notes under headings', () => {
    const { summary } = analyzeCall({ segments: generatedCall('NEGOTIATION', 7, 80), checklist });
    expect(summary.sections.map((section) => section.type)).toEqual([...knownSummarySectionTypes]);
    for (const section of summary.sections) expect(section.contents.length).toBeGreaterThan(0);
    expect(summary.notes_markdown).toMatch(/^## Key points\n\n- /);
    expect(summary.notes_markdown).toContain('\n## Next steps\n\n- ');
  });

  it('lists commitments to act as action items, not every "I will"', () => {
    const say = (id: string, text: string): AnalyzerSegment => ({
      id,
      text,
      start: Number(id.slice(4)),
      end: Number(id.slice(4)) + 1,
      speaker: 'Zoë Brontë',
      speaker_role: 'SELLER',
    });
    const segments = [
      say('seg_1', "I'll keep us on time then."),
      say('seg_2', "Great. I'll send over the quote by Friday."),
    ];
    const actions = analyzeCall({ segments, checklist }).summary.sections.find((s) => s.type === 'ACTION_ITEMS')!;
    expect(actions.contents).toBe("Zoë Brontë: I'll send over the quote by Friday.");
  });

  it('escapes markdown characters that were spoken, so they show as said', () => {
    const segments: AnalyzerSegment[] = [
      {
        id: 'seg_1',
        start: 0,
        end: 5,
        speaker: 'Kenji Watanabe',
        speaker_role: 'BUYER',
        text: 'Our budget field is budget_2027 *approved*.',
      },
    ];
    const { summary } = analyzeCall({ segments, checklist });
    expect(summary.notes_markdown).toContain('budget\\_2027 \\*approved\\*');
    expect(summary.sections[0]!.contents).toContain('budget_2027 *approved*');
  });

  it('is deterministic and independent of segment order', () => {
    const segments = generatedCall('DISCOVERY', 11, 50);
    const shuffled = new Random(5).sample(segments, segments.length);
    expect(analyzeCall({ segments: shuffled, checklist })).toEqual(analyzeCall({ segments, checklist }));
  });

  it('rejects a transcript with no words as transcript_unavailable', () => {
    const blank: AnalyzerSegment = { id: 'seg_1', start: 0, end: 1, speaker: 'A', speaker_role: 'BUYER', text: '  ' };
    for (const segments of [[], [blank]]) {
      const attempt = () => analyzeCall({ segments, checklist });
      expect(attempt).toThrow(TranscriptUnavailableError);
      expect(attempt).toThrow(expect.objectContaining({ code: 'transcript_unavailable' }));
    }
  });
});
