/**
 * Plans, prices and questions for the pricing page. Prices are in US dollars; the page formats them.
 */

export type Billing = 'monthly' | 'yearly';

export interface PlanAction {
  label: string;
  /** Read after the label by screen readers, so that equal labels on different plans stay distinct. */
  context?: string;
  /** A site path, or a mailto: link to sales. */
  to: string;
}

export interface Plan {
  id: 'open-source' | 'pro' | 'enterprise';
  name: string;
  summary: string;
  /** Fixed prices per billing period, or a text for plans priced on request. */
  price: { kind: 'free'; label: string; note: string } | { kind: 'fixed'; monthly: number; yearly: number } | { kind: 'custom'; label: string; note: string };
  features: string[];
  /** Per billing period when the call to action depends on it. */
  action: PlanAction | Record<Billing, PlanAction>;
  highlighted?: boolean;
}

const SALES = 'sales@trpc.io';

export function salesLink(subject: string): string {
  return `mailto:${SALES}?subject=${encodeURIComponent(subject)}`;
}

export const pricing = {
  title: 'Pricing',
  description:
    'tRPC is free and MIT licensed. Pro and Enterprise plans add prioritised support, extra packages and direct access to the maintainers.',
  lead: 'tRPC is free and MIT licensed, and always will be. If your team depends on it, a paid plan gets you to the front of the queue and closer to the people who build it.',
  plansLabel: 'Plans',
  billing: {
    legend: 'Billing period',
    options: [
      { value: 'monthly', label: 'Monthly' },
      { value: 'yearly', label: 'Yearly' },
    ] satisfies { value: Billing; label: string }[],
    per: { monthly: 'a month', yearly: 'a year' } satisfies Record<Billing, string>,
    /** Shown under the price of a fixed plan. */
    note: {
      monthly: (p: { monthly: number; yearly: number }) => `Or ${usd(p.yearly)} a year, billed yearly.`,
      yearly: (p: { monthly: number; yearly: number }) =>
        `${usd(p.monthly * 12 - p.yearly)} less than twelve monthly payments.`,
    },
  },
  plans: [
    {
      id: 'open-source',
      name: 'Open Source',
      summary: 'Everything you need to build and ship with tRPC.',
      price: { kind: 'free', label: 'Free', note: 'Forever, for any project.' },
      features: ['All MIT-licensed packages', 'Use in commercial projects', 'Community support on GitHub and Discord'],
      action: { label: 'Start with the quickstart', to: '/docs/quickstart' },
    },
    {
      id: 'pro',
      name: 'Pro',
      summary: 'For teams that rely on tRPC in production.',
      price: { kind: 'fixed', monthly: 500, yearly: 4500 },
      features: [
        'Prioritised handling of your feature requests, bug reports and questions',
        'A private channel for your team',
        'Extra packages outside the MIT licence',
        'Consulting hours with the maintainers',
      ],
      action: {
        monthly: { label: 'Contact sales', context: 'about Pro', to: salesLink('tRPC Pro, monthly billing') },
        yearly: { label: 'Contact sales', context: 'about Pro', to: salesLink('tRPC Pro, yearly billing') },
      },
      highlighted: true,
    },
    {
      id: 'enterprise',
      name: 'Enterprise',
      summary: 'For organisations with their own requirements.',
      price: { kind: 'custom', label: 'Custom', note: 'Priced to what you need.' },
      features: [
        'Features built for your use case',
        'Enterprise packages',
        'Support response within 24 hours',
        'A dedicated channel',
      ],
      action: { label: 'Contact sales', context: 'about Enterprise', to: salesLink('tRPC Enterprise') },
    },
  ] satisfies Plan[],
  faq: {
    title: 'Questions',
    items: [
      {
        q: 'Do I need a paid plan to use tRPC in production?',
        a: 'No. The MIT licence lets you use, change and ship the open-source packages in any project, commercial or not. Paid plans add support and extra packages; they do not unlock the library.',
      },
      {
        q: 'How does yearly billing compare with monthly?',
        a: 'Pro costs $500 a month, or $4,500 a year when you pay yearly: the price of nine monthly payments for twelve months.',
      },
      {
        q: 'What does “prioritised” mean for Pro?',
        a: 'Your feature requests, bug reports and support questions are handled ahead of the general queue by the maintainers.',
      },
      {
        q: 'Where do I get help on the Open Source plan?',
        a: 'Ask in GitHub issues and discussions or on the Discord server, where the community and the maintainers answer as time allows.',
      },
      {
        q: 'How do I sign up for Pro or Enterprise?',
        a: 'Use the button on the plan to write to sales@trpc.io. Tell us about your team and what you are building, and we will reply with the next steps.',
      },
    ] satisfies { q: string; a: string }[],
  },
};

/**
 * A whole-dollar amount as English `Intl.NumberFormat` writes it in US dollars ("$1,290", "-$20"),
 * without Intl: the first Intl formatter of a page starts ICU, about 30 ms of main thread on load
 * (a desktop CPU; four times that on Lighthouse's phone). Rounds half away from zero, like Intl.
 */
export function usd(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`usd: not a finite amount: ${amount}`);
  const whole = Math.round(Math.abs(amount));
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // Intl keeps the sign of an amount that rounds to zero ("-$0"), negative zero included.
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}$${digits}`;
}
