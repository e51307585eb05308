import Layout from '@theme/Layout';
import FontPreload from '@site/src/components/FontPreload';
import CallToAction from '@site/src/components/Home/CallToAction';
import Features from '@site/src/components/Home/Features';
import Hero from '@site/src/components/Home/Hero';
import Intro from '@site/src/components/Home/Intro';
import { meta } from '@site/src/data/home';

/** The landing page. Its title is the site title; the sections hold the content. */
export default function Home() {
  return (
    <Layout description={meta.description}>
      <FontPreload />
      <main>
        <Hero />
        <Features />
        <Intro />
        <CallToAction />
      </main>
    </Layout>
  );
}
