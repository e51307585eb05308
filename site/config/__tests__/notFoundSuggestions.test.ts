import { describe, expect, it } from 'vitest';
import { equivalentDocs, searchWords, type VersionDocs } from '../../src/components/NotFound/suggestions';

const docs = (base: string, rels: string[]) => rels.map((rel) => ({ id: rel, path: rel ? `${base}/${rel}` : `${base}/` }));
const VERSIONS: VersionDocs[] = [
  { label: '11.x', path: '/docs', docs: docs('/docs', ['', 'quickstart', 'server/routers', 'server/context', 'client/nextjs', 'client/react/useQuery', 'server/adapters/nextjs']) },
  { label: '10.x', path: '/docs/v10', docs: docs('/docs/v10', ['', 'quickstart', 'server/routers', 'server/context', 'client/nextjs', 'faq']) },
  { label: '9.x', path: '/docs/v9', docs: docs('/docs/v9', ['', 'quickstart', 'router', 'context', 'nextjs', 'react-queries']) },
];

describe('equivalentDocs', () => {
  it('names the same page in the other versions', () => {
    expect(equivalentDocs(VERSIONS, '/docs/v9/faq')).toEqual([{ label: '10.x', path: '/docs/v10/faq' }]);
    expect(equivalentDocs(VERSIONS, '/docs/v10/client/react/useQuery/')).toEqual([
      { label: '11.x', path: '/docs/client/react/useQuery' },
      { label: '9.x', path: '/docs/v9/react-queries' },
    ]);
  });

  it('follows pages renamed between versions, both ways', () => {
    expect(equivalentDocs(VERSIONS, '/docs/v9/server/routers')).toEqual([
      { label: '11.x', path: '/docs/server/routers' },
      { label: '10.x', path: '/docs/v10/server/routers' },
      { label: '9.x', path: '/docs/v9/router' },
    ]);
    expect(equivalentDocs(VERSIONS, '/docs/router')).toEqual([
      { label: '11.x', path: '/docs/server/routers' },
      { label: '10.x', path: '/docs/v10/server/routers' },
      { label: '9.x', path: '/docs/v9/router' },
    ]);
    expect(equivalentDocs(VERSIONS, '/docs/v10/react-queries')).toEqual([
      { label: '11.x', path: '/docs/client/react/useQuery' },
      { label: '9.x', path: '/docs/v9/react-queries' },
    ]);
  });

  it('falls back to pages with the same last path segment', () => {
    expect(equivalentDocs(VERSIONS, '/docs/v9/client/context')).toEqual([
      { label: '11.x', path: '/docs/server/context' },
      { label: '10.x', path: '/docs/v10/server/context' },
      { label: '9.x', path: '/docs/v9/context' },
    ]);
  });

  it('suggests nothing outside the docs, for a version root, or for an unknown page', () => {
    expect(equivalentDocs(VERSIONS, '/blog/router')).toEqual([]);
    expect(equivalentDocs(VERSIONS, '/docs/v9/')).toEqual([]);
    expect(equivalentDocs(VERSIONS, '/docs/v9/no-such-page')).toEqual([]);
  });
});

describe('searchWords', () => {
  it('takes the words of the path, without the docs and version parts', () => {
    expect(searchWords('/docs/v9/react-queries')).toBe('react queries');
    expect(searchWords('/docs/server/adapters/aws_lambda.html')).toBe('server adapters aws lambda');
    expect(searchWords('/blog/%E2%9C%93-done')).toBe('✓ done');
    expect(searchWords('/docs/%E0%A4%A')).toBe('%E0%A4%A');
    expect(searchWords('/' + 'x'.repeat(100)).length).toBe(64);
  });
});
