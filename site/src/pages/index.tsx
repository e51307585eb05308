import Layout from '@theme/Layout';
import CallToAction from '@site/src/components/Home/CallToAction';
import Features from '@site/src/components/Home/Features';
import Hero from '@site/src/components/Home/Hero';
import Intro from '@site/src/components/Home/Intro';
import { hero, meta } from '@site/src/data/home';

/** The landing page: "<tagline> | tRPC" as its title; the sections hold the content. */
export default function Home() {
  return (
    <Layout title={hero.title} description={meta.description}>
      <main>
        <Hero />
        <Features />
        <Intro />
        <CallToAction />
      </main>
    </Layout>
  );
}
