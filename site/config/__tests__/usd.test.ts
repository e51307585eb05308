import { describe, expect, it } from 'vitest';
import { usd } from '../../src/data/pricing';

// The pricing page writes its amounts without Intl (src/data/pricing.ts); they must read exactly as
// English Intl.NumberFormat writes whole US dollars.
const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

describe('usd', () => {
  it('writes amounts as English Intl does, thousands separators and rounding included', () => {
    for (const amount of [0, 5, 49, 99, 100, 999, 1000, 1290, 12_000, 123_456, 1_000_000, 49.5, 0.4, 1999.99, -20, -1290.5, -0.4, -0]) {
      expect(usd(amount)).toBe(intl.format(amount));
    }
  });

  it('rejects an amount that is not a finite number', () => {
    expect(() => usd(Number.NaN)).toThrow(/finite/);
    expect(() => usd(Number.POSITIVE_INFINITY)).toThrow(/finite/);
  });
});
