import Layout from '@theme/Layout';
import Colours from '@site/src/components/Media/Colours';
import Logos from '@site/src/components/Media/Logos';
import Typeface from '@site/src/components/Media/Typeface';
import Usage from '@site/src/components/Media/Usage';
import PageHeader from '@site/src/components/PageHeader';
import { media } from '@site/src/data/media';

export default function Media() {
  return (
    <Layout title={media.title} description={media.description}>
      <main>
        <PageHeader title={media.heading} lead={media.lead} />
        <div className="container">
          <Logos />
          <Colours />
          <Typeface />
          <Usage />
        </div>
      </main>
    </Layout>
  );
}
