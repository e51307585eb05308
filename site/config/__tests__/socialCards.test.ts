import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD, cardKey, renderCard, titleSize } from '../socialCards';

const siteDir = path.resolve(__dirname, '../..');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('social cards', () => {
  it('draws a 1200×630 PNG', async () => {
    const png = await renderCard({ title: 'Server-side calls', section: 'Server', version: '11.x' }, siteDir);
    expect(pngSize(png)).toEqual(CARD);
    if (process.env.CARD_OUT) fs.writeFileSync(path.join(process.env.CARD_OUT, 'short.png'), png);
    const long = await renderCard(
      { title: 'Migrate from tRPC 10 to 11: every breaking change, with the code before and after', section: 'Further reading', version: '11.x' },
      siteDir,
    );
    expect(pngSize(long)).toEqual(CARD);
    expect(long.equals(png)).toBe(false);
    if (process.env.CARD_OUT) fs.writeFileSync(path.join(process.env.CARD_OUT, 'long.png'), long);
  }, 30_000);

  it('keys the cache on everything the card shows', () => {
    const base = { title: 'Routers', section: 'Server', version: '11.x' };
    const key = cardKey(base, siteDir);
    expect(cardKey({ ...base }, siteDir)).toBe(key);
    expect(cardKey({ ...base, title: 'Router' }, siteDir)).not.toBe(key);
    expect(cardKey({ ...base, section: 'Client' }, siteDir)).not.toBe(key);
    expect(cardKey({ ...base, version: '10.x' }, siteDir)).not.toBe(key);
  });

  it('steps the title size down as titles grow', () => {
    expect(titleSize('Routers')).toBeGreaterThan(titleSize('Migrate from tRPC 10 to 11 step by step'));
    expect(titleSize('x'.repeat(120))).toBe(48);
  });
});
