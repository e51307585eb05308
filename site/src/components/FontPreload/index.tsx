import Head from '@docusaurus/Head';
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2';
import inter600 from '@fontsource/inter/files/inter-latin-600-normal.woff2';
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff2';

/**
 * Preloads the three Inter files that custom.css declares, so that the text of a marketing page is
 * laid out in Inter from the start instead of shifting when the font swaps in. The bundler gives
 * these imports the same hashed URLs as the CSS `url()`s.
 */
export default function FontPreload() {
  return (
    <Head>
      {[inter400, inter600, inter700].map((href) => (
        <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
      ))}
    </Head>
  );
}
