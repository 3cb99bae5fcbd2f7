import { queryOptions } from '@tanstack/react-query';
import { call } from '../api';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
};

export const webhookQueries = {
  list: () => queryOptions({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => call('listWebhooks', {}, signal) }),
};
