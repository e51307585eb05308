import { describe, expect, it } from 'vitest';
import { notFoundPaths } from '../notFoundPagesPlugin';

describe('notFoundPaths', () => {
  it('gives each older docs version a not-found page under its own path, and the current one none', () => {
    expect(notFoundPaths(['/docs', '/docs/v10', '/docs/v9/'])).toEqual(['/docs/v10/404.html', '/docs/v9/404.html']);
    expect(notFoundPaths(['/docs/'])).toEqual([]);
  });
});
