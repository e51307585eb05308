import { useState } from 'react';
import BillingToggle from '@site/src/components/Pricing/BillingToggle';
import PlanCard from '@site/src/components/Pricing/PlanCard';
import { pricing, type Billing } from '@site/src/data/pricing';
import styles from './styles.module.css';

/** The billing switch and the three plan cards it controls. */
export default function Plans() {
  const [billing, setBilling] = useState<Billing>('monthly');
  return (
    <section className={styles.section} aria-label={pricing.plansLabel}>
      <div className="container">
        <div className={styles.toggleRow}>
          <BillingToggle value={billing} onChange={setBilling} />
        </div>
        <div className={styles.grid}>
          {pricing.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} billing={billing} />
          ))}
        </div>
      </div>
    </section>
  );
}
