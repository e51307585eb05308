import Layout from '@theme/Layout';
export default function Home() {
  return <Layout title="Home"><main>tRPC</main></Layout>;
}
