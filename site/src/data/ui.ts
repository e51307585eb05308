/** Small interface texts shared by several components. */

export const copyLabels = {
  idle: 'Copy',
  done: 'Copied',
  failed: 'Copy failed',
  /** Announced to screen readers after a copy. */
  announceDone: (value: string) => `Copied ${value} to the clipboard`,
  announceFailed: 'Could not copy. Select the text and copy it by hand.',
};

/** The /search page's description (the theme gives it a title only). */
export const searchPageDescription = 'Search the documentation of the tRPC version you pick (11.x includes the API reference) and the blog.';
