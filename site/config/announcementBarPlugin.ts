import type { Plugin } from '@docusaurus/types';

/**
 * Docusaurus hides a dismissed announcement bar before the page renders by reading only the dismiss
 * flag, so after the bar's id changes the new bar stays hidden for one page view (React resets the
 * flag only after hydration). This inline script runs right after the theme's and shows the bar at
 * once when the stored id is not the current one.
 */
export function announcementBarScript(id: string): string {
  // JSON is valid JavaScript; escaping '<' keeps a '</script>' in the id from ending the tag.
  const current = JSON.stringify(id).replace(/</g, '\\u003c');
  return `(function(){try{if(localStorage.getItem('docusaurus.announcement.id')!==${current}){document.documentElement.setAttribute('data-announcement-bar-initially-dismissed','false')}}catch(e){}})();`;
}

export default function announcementBarPlugin(id: string): () => Plugin {
  return () => ({
    name: 'announcement-bar-id-reset',
    injectHtmlTags() {
      return { preBodyTags: [{ tagName: 'script', innerHTML: announcementBarScript(id) }] };
    },
  });
}
