import Layout from '@theme/Layout';
export default function P() {
  return <Layout title="pricing"><main>pricing</main></Layout>;
}
