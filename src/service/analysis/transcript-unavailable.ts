/**
 * The call has no usable transcript, so there is nothing to analyse. Permanent: retrying cannot
 * help, and the analysis job fails with this code (design.md).
 */
export class TranscriptUnavailableError extends Error {
  readonly code = 'transcript_unavailable';

  constructor(message = 'The call has no usable transcript to analyse.') {
    super(message);
    this.name = 'TranscriptUnavailableError';
  }
}
