import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { collectPages, type SitePage } from './sitePages';

/**
 * Social cards: a 1200×630 PNG per doc and blog post, drawn at build time with satori (layout to SVG)
 * and resvg (SVG to PNG): the page's title, its section and version, and the site's mark, in the
 * light brand style. Each page's front matter `image` names its card (config/pageDefaults.ts), so
 * Docusaurus writes og:image and twitter:image itself. Cards are cached by a hash of what they show,
 * so a rebuild draws only the cards whose title, section or version changed.
 */

const require = createRequire(__filename);

export const CARD = { width: 1200, height: 630 };
const BRAND = '#398ccb';
const INK = '#1c1e21';
const MUTED = '#4a5565';
/** Bump when the drawing below changes, so cached cards are drawn again. Flat colours: a gradient tripled the PNG size (about 60 → 22 kB). */
const TEMPLATE = 'card-v2';

export interface CardContent {
  title: string;
  section: string;
  version: string;
}

interface Assets {
  fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[];
  logo: string;
  /** Part of every cache key, so a new font or logo redraws every card. */
  hash: string;
}

let assets: Assets | undefined;
function loadAssets(siteDir: string): Assets {
  if (assets) return assets;
  // satori reads TTF, OTF and WOFF, not WOFF2: @fontsource/inter ships WOFF files of each weight.
  const font = (weight: 400 | 700) =>
    fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
  const regular = font(400);
  const bold = font(700);
  const logoSvg = fs.readFileSync(path.join(siteDir, 'static', 'img', 'logo.svg'));
  const hash = crypto.createHash('sha256').update(TEMPLATE).update(regular).update(bold).update(logoSvg).digest('hex');
  assets = {
    fonts: [
      { name: 'Inter', data: regular, weight: 400, style: 'normal' },
      { name: 'Inter', data: bold, weight: 700, style: 'normal' },
    ],
    logo: `data:image/svg+xml;base64,${logoSvg.toString('base64')}`,
    hash,
  };
  return assets;
}

type El = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown> } };
const el = (type: string, style: Record<string, unknown>, children?: unknown, extra: Record<string, unknown> = {}): El => ({
  type,
  props: { style, children, ...extra },
});

/** Title size steps down for long titles so they fit three lines. */
export function titleSize(title: string): number {
  if (title.length <= 28) return 80;
  if (title.length <= 50) return 68;
  if (title.length <= 80) return 56;
  return 48;
}

function cardTree(content: CardContent, logo: string): El {
  const body = el(
    'div',
    { display: 'flex', flexDirection: 'column', justifyContent: 'space-between', flexGrow: 1, padding: '48px 72px 56px' },
    [
      el('div', { display: 'flex', alignItems: 'center', gap: 20 }, [
        el('img', { width: 64, height: 64 }, undefined, { src: logo, width: 64, height: 64 }),
        el('div', { fontSize: 44, fontWeight: 700, letterSpacing: '-0.02em' }, 'tRPC'),
      ]),
      el(
        'div',
        {
          display: 'flex',
          width: CARD.width - 2 * 72,
          fontSize: titleSize(content.title),
          fontWeight: 700,
          lineHeight: 1.12,
          letterSpacing: '-0.02em',
        },
        content.title,
      ),
      el('div', { display: 'flex', alignItems: 'center', gap: 20, fontSize: 32, color: MUTED }, [
        el('div', { display: 'flex', color: '#ffffff', backgroundColor: BRAND, borderRadius: 10, padding: '8px 20px', fontWeight: 700 }, content.section),
        el('div', { display: 'flex' }, content.version),
      ]),
    ],
  );
  return el(
    'div',
    {
      width: CARD.width,
      height: CARD.height,
      display: 'flex',
      flexDirection: 'column',
      backgroundColor: '#ffffff',
      fontFamily: 'Inter',
      color: INK,
    },
    [el('div', { display: 'flex', height: 16, backgroundColor: BRAND }), body],
  );
}

/** Draws one card. */
export async function renderCard(content: CardContent, siteDir: string): Promise<Buffer> {
  const { default: satori } = await import('satori');
  const { Resvg } = await import('@resvg/resvg-js');
  const { fonts, logo } = loadAssets(siteDir);
  const svg = await satori(cardTree(content, logo) as Parameters<typeof satori>[0], { ...CARD, fonts });
  // satori has already turned every glyph into a path, so resvg needs no fonts: skipping its scan of
  // the system's fonts saves about 5 ms of a card's 20 ms and keeps cards independent of the machine.
  return new Resvg(svg, { fitTo: { mode: 'width', value: CARD.width }, font: { loadSystemFonts: false } }).render().asPng();
}

/** Cache key of a card: what it shows, the template and its assets. */
export function cardKey(content: CardContent, siteDir: string): string {
  return crypto
    .createHash('sha256')
    .update(loadAssets(siteDir).hash)
    .update(JSON.stringify([content.title, content.section, content.version]))
    .digest('hex')
    .slice(0, 32);
}

export function cardContent(page: SitePage): CardContent {
  return { title: page.title, section: page.section, version: page.kind === 'doc' ? `Version ${page.version}` : page.version };
}

export default function socialCardsPlugin(context: LoadContext): Plugin {
  const { siteDir } = context;
  const cacheDir = path.join(siteDir, 'node_modules', '.cache', 'social-cards');
  let pages: SitePage[] = [];
  return {
    name: 'social-cards',
    allContentLoaded({ allContent }) {
      pages = collectPages(allContent, siteDir).pages.filter((p) => p.image?.startsWith('/img/cards/'));
    },
    async postBuild({ outDir }) {
      const started = Date.now();
      fs.mkdirSync(cacheDir, { recursive: true });
      let drawn = 0;
      for (const page of pages) {
        const content = cardContent(page);
        const cached = path.join(cacheDir, `${cardKey(content, siteDir)}.png`);
        if (!fs.existsSync(cached)) {
          const png = await renderCard(content, siteDir);
          fs.writeFileSync(`${cached}.tmp`, png);
          fs.renameSync(`${cached}.tmp`, cached);
          drawn += 1;
        }
        const target = path.join(outDir, page.image!);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.copyFileSync(cached, target);
      }
      console.log(`[social cards] ${pages.length} cards (${drawn} drawn, ${pages.length - drawn} from cache) in ${Date.now() - started} ms`);
    },
  };
}
