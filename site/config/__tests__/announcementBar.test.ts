import { describe, expect, it } from 'vitest';
import { announcementBarScript } from '../announcementBarPlugin';

function run(script: string, stored: Record<string, string>) {
  const attributes: Record<string, string> = { 'data-announcement-bar-initially-dismissed': 'true' };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const document = { documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v) } };
  new Function('localStorage', 'document', script)(localStorage, document);
  return attributes['data-announcement-bar-initially-dismissed'];
}

describe('announcement bar id reset', () => {
  it('shows the bar at once when the stored id is an older one', () => {
    expect(run(announcementBarScript('new-id'), { 'docusaurus.announcement.id': 'old-id' })).toBe('false');
  });
  it('leaves a dismissal of the current bar alone', () => {
    expect(run(announcementBarScript('new-id'), { 'docusaurus.announcement.id': 'new-id' })).toBe('true');
  });
  it('escapes the id so it cannot end the script tag', () => {
    const script = announcementBarScript(`a'"</script>`);
    expect(script).not.toContain('</script>');
    expect(run(script, { 'docusaurus.announcement.id': `a'"</script>` })).toBe('true');
  });
});
