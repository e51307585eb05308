// `npm start` keeps the browser's search hosts (baked into the build) and the replicas it runs in step.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSecurityHeaders } from '../lib/security-headers.mjs';
import { buildSearchOrigins, searchHostsForPorts, wiringWarning } from '../lib/search-wiring.mjs';

describe('searchHostsForPorts', () => {
  it('builds for replicas on other ports, unless SEARCH_HOSTS says where to search', () => {
    expect(searchHostsForPorts({}, [7800, 7801])).toBe('http://127.0.0.1:7800,http://127.0.0.1:7801');
    expect(searchHostsForPorts({ SEARCH_HOSTS: 'https://x-dsn.algolia.net' }, [7800, 7801])).toBeUndefined();
  });

  it('leaves the default alone, so a fresh build is not rebuilt', () => {
    expect(searchHostsForPorts({}, [7700, 7701])).toBeUndefined();
    expect(searchHostsForPorts({}, [7701, 7700])).toBe('http://127.0.0.1:7701,http://127.0.0.1:7700');
  });
});

describe('wiringWarning', () => {
  it('reads the hosts a build lets the browser reach, and warns when no replica is among them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wiring-'));
    writeSecurityHeaders(dir, { searchHosts: ['http://127.0.0.1:7700', 'http://127.0.0.1:7701'] });
    const origins = buildSearchOrigins(dir);
    expect(origins).toEqual(['http://127.0.0.1:7700', 'http://127.0.0.1:7701']);
    expect(wiringWarning(origins, [7700, 7701])).toBeNull();
    expect(wiringWarning(origins, [7701, 7900])).toBeNull();
    expect(wiringWarning(origins, [7800, 7801])).toMatch(
      /^The build sends searches to http:\/\/127\.0\.0\.1:7700, http:\/\/127\.0\.0\.1:7701, not to the replicas started here \(ports 7800, 7801\)/,
    );
    expect(wiringWarning(['http://localhost:7800'], [7800])).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says nothing about a build without a record of its hosts', () => {
    expect(buildSearchOrigins(path.join(os.tmpdir(), 'no-such-build'))).toBeNull();
    expect(wiringWarning(null, [7800])).toBeNull();
  });
});
