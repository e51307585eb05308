import Link from '@docusaurus/Link';
import type { Action } from '@site/src/data/home';

/** A primary and an outlined call-to-action button, as the landing page's hero and close use them. */
export default function Actions({ primary, secondary, className }: { primary: Action; secondary: Action; className?: string }) {
  return (
    <div className={className}>
      <Link className="button button--primary button--lg" to={primary.to}>
        {primary.label}
      </Link>
      <Link className="button button--outline button--primary button--lg" to={secondary.to}>
        {secondary.label}
      </Link>
    </div>
  );
}
