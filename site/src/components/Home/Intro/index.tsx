import type { ComponentType } from 'react';
import Link from '@docusaurus/Link';
import MDXContent from '@theme/MDXContent';
import Step1 from '@site/docs/landing-intro/Step1.md';
import Step2 from '@site/docs/landing-intro/Step2.md';
import Step3 from '@site/docs/landing-intro/Step3.md';
import SectionHeader from '@site/src/components/Home/SectionHeader';
import { intro } from '@site/src/data/home';
import styles from './styles.module.css';

/** The step texts and code are doc pages, so the code-sample checker compiles what this shows. */
const bodies: ComponentType[] = [Step1, Step2, Step3];

/** Three steps from a procedure to a typed client call, rendered from docs/landing-intro. */
export default function Intro() {
  return (
    <section className={styles.section} aria-labelledby="intro-title">
      <div className="container">
        <SectionHeader id="intro-title" title={intro.title} lead={intro.lead} />
        <ol className={styles.steps}>
          {intro.steps.map((step, i) => {
            const Body = bodies[i];
            return (
              <li key={step.doc} className={styles.step}>
                <div className={styles.number} aria-hidden="true">
                  {i + 1}
                </div>
                <div className={styles.content}>
                  <h3 className={styles.stepTitle}>{step.title}</h3>
                  <div className="markdown">
                    <MDXContent>
                      <Body />
                    </MDXContent>
                  </div>
                  <Link className={styles.docLink} to={step.doc}>
                    {intro.docLinkLabel(i + 1)}
                  </Link>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
