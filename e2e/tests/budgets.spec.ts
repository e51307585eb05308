import { expect, test } from '../support/test';
import { BASELINE_JS_KB, JS_BUDGETS, jsWeight } from '../../scripts/lib/js-weight.mjs';

// The JavaScript budgets of a first visit (the same measurement as `npm run bench:pages`): byte
// counts do not depend on the machine's load, so they are checked on every run.
for (const [path, budget] of Object.entries(JS_BUDGETS)) {
  test(`a first visit to ${path} loads at most ${budget}× the JavaScript of a bare Docusaurus site`, async ({ browser, baseURL }) => {
    const weight = await jsWeight(browser, new URL(path, baseURL).href);
    const kB = weight.loaded.gzip / 1000;
    expect(weight.loaded.count).toBeGreaterThan(0);
    expect(kB, `${kB.toFixed(1)} kB gzip; largest: ${weight.largest.join(', ')}`).toBeLessThanOrEqual(BASELINE_JS_KB * budget);
  });
}
