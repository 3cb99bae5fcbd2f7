import type { Locator, Page } from '@playwright/test';

/**
 * The top bar's status while main waits before a retry: a short "Retrying" badge whose title
 * holds the whole sentence (why, and in how many seconds).
 */
export function retryingStatus(page: Page): Locator {
  return page.getByRole('banner').locator('.freshness-extra', { hasText: 'Retrying' });
}
