import type { Page } from 'playwright-core';

/**
 * Chooses a delivery window in checkout's picker (D36), once the ZIP's windows have come: a day
 * ('Tomorrow' by default: its windows are open whatever the hour, unlike today's), then the
 * window of that part of the day.
 */
export async function chooseWindow(page: Page, { day = 'Tomorrow', part = 'Evening' }: { day?: string; part?: string } = {}) {
  const days = page.getByRole('group', { name: 'Delivery day' });
  await days.getByRole('radio', { name: day }).check();
  await page
    .getByRole('group', { name: 'Delivery window' })
    .getByRole('radio', { name: new RegExp(`^${part}\\b`) })
    .check();
}
