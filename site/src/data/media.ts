/**
 * The media kit: logo files, colours and type, with a few rules for using them.
 * The SVG files live in static/media/ and are served from /media/….
 */

export interface LogoAsset {
  name: string;
  description: string;
  file: string;
  /** Intrinsic size of the preview, to reserve its space before it loads. */
  width: number;
  height: number;
  background: 'light' | 'dark';
}

export interface Swatch {
  name: string;
  value: string;
  use: string;
  /** The text colour that reads on this swatch, for the preview. */
  ink: string;
}

export const media = {
  /** The document title ("Media | tRPC"); the page heading is `heading`. */
  title: 'Media',
  heading: 'Media kit',
  description:
    'Download the tRPC logo mark and wordmark for light and dark backgrounds, and copy the brand colours and typeface.',
  lead: 'Logos, colours and type for writing or presenting about tRPC. Download what you need, and keep to the few rules at the end of the page.',
  logos: {
    title: 'Logo',
    intro: 'The mark is a disc holding a pair of angle brackets around a dot: a typed call between two sides. The wordmark sets it next to the name.',
    /** Visible link text; screen readers also hear the file's name. */
    downloadLabel: 'Download SVG',
    items: [
      {
        name: 'Mark, for light backgrounds',
        description: 'Brand blue disc, white symbol.',
        file: '/media/trpc-mark-light.svg',
        width: 96,
        height: 96,
        background: 'light',
      },
      {
        name: 'Mark, for dark backgrounds',
        description: 'White disc, brand blue symbol.',
        file: '/media/trpc-mark-dark.svg',
        width: 96,
        height: 96,
        background: 'dark',
      },
      {
        name: 'Wordmark, for light backgrounds',
        description: 'Mark with the name in near-black.',
        file: '/media/trpc-wordmark-light.svg',
        width: 232,
        height: 64,
        background: 'light',
      },
      {
        name: 'Wordmark, for dark backgrounds',
        description: 'White disc and the name in white.',
        file: '/media/trpc-wordmark-dark.svg',
        width: 232,
        height: 64,
        background: 'dark',
      },
    ] satisfies LogoAsset[],
  },
  colours: {
    title: 'Colours',
    /** Sample text on each swatch. */
    sample: 'Aa',
    intro: 'The brand blue is for the mark and for large areas. For text and links, use the darker shade on light backgrounds and the lighter one on dark backgrounds: both pass WCAG AA contrast.',
    items: [
      { name: 'Brand blue', value: '#398ccb', use: 'Logo, illustrations, large headings', ink: '#14212b' },
      { name: 'Text on light', value: '#276a9c', use: 'Links and text on white', ink: '#ffffff' },
      { name: 'Text on dark', value: '#6cb2e6', use: 'Links and text on dark grey', ink: '#14212b' },
      { name: 'Ink', value: '#14212b', use: 'Wordmark and body text on light', ink: '#ffffff' },
    ] satisfies Swatch[],
  },
  type: {
    title: 'Typeface',
    intro: 'The site and the social images use Inter, an open-source typeface under the SIL Open Font License. We use three weights.',
    family: 'Inter',
    weights: [
      { weight: 400, label: 'Regular 400' },
      { weight: 600, label: 'Semibold 600' },
      { weight: 700, label: 'Bold 700' },
    ],
    sample: 'Move data between server and client with types intact.',
  },
  usage: {
    title: 'Using the logo',
    rules: [
      'Leave clear space around the logo at least half as wide as the mark.',
      'Show the mark at 16 pixels or larger; use the wordmark where the name is not written next to it.',
      'Pick the file made for your background. Do not recolour, stretch, rotate or outline the logo, or add effects to it.',
      'Use the logo to refer to tRPC, not to suggest that the project endorses your product or event.',
    ],
  },
};
