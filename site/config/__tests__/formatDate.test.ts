import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/components/LastUpdated/formatDate';

// The doc footer's "Last updated on …" date is written without Intl (src/theme/LastUpdated); it must
// read exactly as the theme's English Intl.DateTimeFormat would write it.
const intl = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

describe('formatDate', () => {
  it('writes every month of a year as English Intl does', () => {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const t = Date.UTC(2026, month, day, 12);
        expect(formatDate(t)).toBe(intl.format(t));
      }
    }
  });

  it('uses the UTC day, not the local one', () => {
    const lateEvening = Date.UTC(2025, 11, 31, 23, 59);
    expect(formatDate(lateEvening)).toBe('Dec 31, 2025');
    expect(formatDate(Date.UTC(2026, 0, 1, 0, 1))).toBe('Jan 1, 2026');
  });
});
