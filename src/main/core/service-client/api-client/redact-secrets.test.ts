import { describe, expect, it } from 'vitest';
import { createRedactor, MESSAGE_MAX_LENGTH, REDACTED } from './redact-secrets';

const key = 'sci_k4Ur9_Zx81nQ0pLmTw3vYb7cDe2fGh5j_0aB1c2D3e4F5g6H7';

describe('keeping the API key out of what reaches the window', () => {
  it('replaces the workspace’s own key wherever it appears, whatever it looks like', () => {
    const redact = createRedactor('plainkey');
    expect(redact.message('Key plainkey is not valid')).toBe(`Key ${REDACTED} is not valid`);
  });

  it('replaces anything shaped like a key in free text, and a bearer header', () => {
    const redact = createRedactor(null);
    expect(redact.text(`tried ${key}`)).toBe(`tried ${REDACTED}`);
    expect(redact.text('sent Authorization: Bearer abc.def')).toBe(`sent Authorization: ${REDACTED}`);
  });

  it('keeps request ids, ordinary ids and words', () => {
    const redact = createRedactor(key);
    const text = 'req_0123456789abcdef0123456789abcdef for vid_788a4aba03039487 in follow_up_calls';
    expect(redact.text(text)).toBe(text);
  });

  it('redacts a whole answer, titles included, but keeps identifiers and a webhook’s secret intact', () => {
    const redact = createRedactor(key);
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const answer = redact.deep({
      data: [{ id: 'ep_1', title: `Call about ${key}`, note: `see ${'tok_Abcdefghijklmnopqrstuvwxyz012345'}`, secret }],
    });
    expect(answer.data[0]).toEqual({ id: 'ep_1', title: `Call about ${REDACTED}`, note: `see ${REDACTED}`, secret });
  });

  it('caps a message from the service at a readable length', () => {
    const message = createRedactor(null).message('x'.repeat(10_000));
    expect(message).toHaveLength(MESSAGE_MAX_LENGTH);
    expect(message.endsWith('…')).toBe(true);
  });
});
