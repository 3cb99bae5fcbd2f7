import { checkWebhookUrl } from '../../webhooks/allowlist';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  readAllowlist,
} from '../../webhooks/webhook-endpoints';
import type { HandlerRegistry } from '../handler';
import { notFound, ServiceError } from '../service-error';

export const webhookHandlers = {
  /** The body's shape is already valid (422 validation_failed otherwise); here the destination is judged. */
  createWebhook: ({ ctx, caller, input: { body } }) => {
    const allowlist = readAllowlist(ctx.db, caller.orgId);
    const verdict = checkWebhookUrl(body.url, { allowlist, ports: ctx.options.webhookPorts });
    if (!verdict.allowed) {
      // The allowlist is the operator's (interface, Webhooks rule 1): this service's operator is
      // whoever runs it, so the refusal says the exact command, which replaces the whole list.
      const command = verdict.unlisted
        ? `; the operator adds it with: npm run service -- allowlist set --data ${ctx.options.dataDir} --org ${caller.orgId} ${[...allowlist, verdict.unlisted].join(' ')}`
        : '';
      throw new ServiceError('invalid_webhook_url', `${verdict.reason}${command}`);
    }
    const now = ctx.now().toISOString();
    return { data: createWebhookEndpoint(ctx.db, { orgId: caller.orgId, url: body.url, events: body.events, now }) };
  },
  listWebhooks: ({ ctx, caller }) => ({ data: listWebhookEndpoints(ctx.db, caller.orgId) }),
  deleteWebhook: ({ ctx, caller, input: { params } }) => {
    if (!deleteWebhookEndpoint(ctx.db, caller.orgId, params.id, ctx.now().toISOString()))
      throw notFound('webhook endpoint');
    return { data: { id: params.id, deleted: true as const } };
  },
} satisfies HandlerRegistry;
