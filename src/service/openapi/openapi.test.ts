import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/api/endpoints';
import type { ManifestOrg } from '../../shared/manifest';
import { callApi } from '../testing/http';
import { fullAccessKey } from '../testing/manifest-keys';
import { startTestService, type TestService } from '../testing/test-service';
import { buildOpenApiDocument } from './document';

type Document = ReturnType<typeof buildOpenApiDocument>;

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('is a valid OpenAPI 3.1 document, version 1.0.0, describing every endpoint of the table', async () => {
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.info.version).toBe('1.0.0');
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.map((operation) => (operation as { operationId: string }).operationId).sort()).toEqual(
      Object.keys(endpoints).sort(),
    );
  });

  describe('against live answers of the running service', () => {
    let service: TestService;
    let org: ManifestOrg;
    let key: string;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);

    beforeAll(async () => {
      service = await startTestService();
      org = service.manifest!.orgs[0]!;
      key = fullAccessKey(org);
    });
    afterAll(() => service?.stop());

    function schemaOf(served: Document, path: string, method: string, status: string) {
      const operation = (served.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[
        path
      ]?.[method];
      const response = operation?.responses[status] as { content?: Record<string, { schema: object }>; $ref?: string };
      const schema = response.content?.['application/json']?.schema as { $ref?: string } | object;
      return '$ref' in schema && schema.$ref ? served.components.schemas.ErrorEnvelope : schema;
    }

    it('is served at /v1/openapi.json and every live answer matches its documented schema', async () => {
      const served = (await callApi(service.baseUrl, '/v1/openapi.json')).body as Document;
      expect(served).toEqual(JSON.parse(JSON.stringify(document)));

      const video = (await callApi(service.baseUrl, '/v1/videos?status=READY', { key })).body.data[0].id;
      const deal = (await callApi(service.baseUrl, '/v1/deals', { key })).body.data[0].id;
      const cases: [string, string, string, string][] = [
        ['/v1/videos', '/v1/videos?limit=2', 'get', '200'],
        ['/v1/videos/{id}', `/v1/videos/${video}`, 'get', '200'],
        ['/v1/videos/{id}/transcript', `/v1/videos/${video}/transcript`, 'get', '200'],
        ['/v1/videos/{id}/events', `/v1/videos/${video}/events`, 'get', '200'],
        ['/v1/videos/{id}/analyses', `/v1/videos/${video}/analyses`, 'get', '200'],
        ['/v1/deals', '/v1/deals', 'get', '200'],
        ['/v1/deals/{id}', `/v1/deals/${deal}`, 'get', '200'],
        ['/v1/deals/{id}/activities', `/v1/deals/${deal}/activities`, 'get', '200'],
        ['/v1/deals/{id}/scorings', `/v1/deals/${deal}/scorings`, 'get', '200'],
        ['/v1/members', '/v1/members', 'get', '200'],
        ['/v1/members/me', '/v1/members/me', 'get', '200'],
        ['/v1/videos/{id}', '/v1/videos/vid_missing', 'get', '404'],
        ['/v1/videos', '/v1/videos?limit=0', 'get', '422'],
      ];
      for (const [template, path, method, status] of cases) {
        const answer = await callApi(service.baseUrl, path, { key, method: method.toUpperCase() });
        expect(String(answer.status), path).toBe(status);
        const validate = ajv.compile(schemaOf(served, template, method, status));
        expect(validate(answer.body), `${path}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    });
  });
});
