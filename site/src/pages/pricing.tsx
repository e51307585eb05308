import Layout from '@theme/Layout';
import PageHeader from '@site/src/components/PageHeader';
import Faq from '@site/src/components/Pricing/Faq';
import Plans from '@site/src/components/Pricing/Plans';
import { pricing } from '@site/src/data/pricing';

export default function Pricing() {
  return (
    <Layout title={pricing.title} description={pricing.description}>
      <main>
        <PageHeader title={pricing.title} lead={pricing.lead} />
        <Plans />
        <Faq />
      </main>
    </Layout>
  );
}
