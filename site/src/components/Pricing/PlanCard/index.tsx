import clsx from 'clsx';
import Link from '@docusaurus/Link';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import { pricing, usd, type Billing, type Plan } from '@site/src/data/pricing';
import styles from './styles.module.css';

interface Props {
  plan: Plan;
  billing: Billing;
}

function Price({ plan, billing }: Props) {
  const { price } = plan;
  if (price.kind !== 'fixed') {
    return (
      <>
        <p className={styles.price}>{price.label}</p>
        <p className={styles.note}>{price.note}</p>
      </>
    );
  }
  return (
    <>
      <p className={styles.price}>
        {usd(price[billing])} <span className={styles.per}>{pricing.billing.per[billing]}</span>
      </p>
      <p className={styles.note}>{pricing.billing.note[billing](price)}</p>
    </>
  );
}

/** One plan: name, price for the chosen billing period, what is included and its call to action. */
export default function PlanCard({ plan, billing }: Props) {
  const action = 'to' in plan.action ? plan.action : plan.action[billing];
  const headingId = `plan-${plan.id}`;
  const buttonClass = clsx(
    'button button--lg button--block button--primary',
    !plan.highlighted && 'button--outline',
    styles.action,
  );
  return (
    <article className={clsx(styles.card, plan.highlighted && styles.highlighted)} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.name}>
        {plan.name}
      </h2>
      <p className={styles.summary}>{plan.summary}</p>
      <div aria-live="polite">
        <Price plan={plan} billing={billing} />
      </div>
      <ul className={styles.features}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {/* Site paths go through Link (prefetch, base URL); mail links stay plain anchors. */}
      {action.to.startsWith('/') ? (
        <Link className={buttonClass} to={action.to}>
          {action.label}
        </Link>
      ) : (
        <a className={buttonClass} href={action.to}>
          {action.label}
          {action.context && <VisuallyHidden> {action.context}</VisuallyHidden>}
        </a>
      )}
    </article>
  );
}
