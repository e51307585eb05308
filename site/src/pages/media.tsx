import Layout from '@theme/Layout';
export default function P() {
  return <Layout title="media"><main>media</main></Layout>;
}
