import VisuallyHidden from '@site/src/components/VisuallyHidden';
import { pricing, type Billing } from '@site/src/data/pricing';
import styles from './styles.module.css';

interface Props {
  value: Billing;
  onChange: (value: Billing) => void;
}

/**
 * Monthly or yearly prices: two native radio buttons in a fieldset, styled as a segmented control.
 * Arrow keys, Tab and screen readers work as they do for any radio group.
 */
export default function BillingToggle({ value, onChange }: Props) {
  return (
    <fieldset className={styles.toggle}>
      <legend>
        <VisuallyHidden>{pricing.billing.legend}</VisuallyHidden>
      </legend>
      {pricing.billing.options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input
            type="radio"
            name="billing"
            className={styles.input}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span className={styles.label}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
