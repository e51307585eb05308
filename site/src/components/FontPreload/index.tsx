import Head from '@docusaurus/Head';
import inter from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

/**
 * Preloads the Latin file of Inter (variable, every weight in one file) that custom.css declares, so
 * that text is laid out in Inter from the start instead of shifting when the font swaps in. The bundler
 * gives this import the same hashed URL as the CSS `url()`.
 */
export default function FontPreload() {
  return (
    <Head>
      <link rel="preload" href={inter} as="font" type="font/woff2" crossOrigin="anonymous" />
    </Head>
  );
}
