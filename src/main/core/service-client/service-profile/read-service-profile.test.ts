import { describe, expect, it } from 'vitest';
import { searchTextParamOf } from './read-service-profile';

const withParameters = (parameters: unknown[], extra: object = {}) => ({
  paths: { '/v1/search/transcripts': { get: { parameters } } },
  ...extra,
});

describe('the search text parameter named by a service’s OpenAPI description', () => {
  it('is the one query parameter of the transcript search that is not a filter', () => {
    const document = withParameters([
      { name: 'text', in: 'query', required: true },
      { name: 'video_id', in: 'query' },
      { name: 'limit', in: 'query' },
      { name: 'Idempotency-Key', in: 'header' },
    ]);
    expect(searchTextParamOf(document)).toBe('text');
  });

  it('follows a reference to a shared parameter, and a path written without the /v1 prefix', () => {
    const document = {
      paths: { '/search/transcripts': { get: { parameters: [{ $ref: '#/components/parameters/Needle' }] } } },
      components: { parameters: { Needle: { name: 'needle', in: 'query' } } },
    };
    expect(searchTextParamOf(document)).toBe('needle');
  });

  it('decides nothing when it cannot tell: several candidates, none, or no search path', () => {
    expect(
      searchTextParamOf(
        withParameters([
          { name: 'a', in: 'query' },
          { name: 'b', in: 'query' },
        ]),
      ),
    ).toBeNull();
    expect(searchTextParamOf(withParameters([{ name: 'limit', in: 'query' }]))).toBeNull();
    expect(searchTextParamOf({ paths: {} })).toBeNull();
    expect(searchTextParamOf('<html>')).toBeNull();
  });

  it('refuses a name that could not be a query parameter', () => {
    expect(searchTextParamOf(withParameters([{ name: 'q&admin=1', in: 'query' }]))).toBeNull();
  });
});
