/** The overview's money cards (docs/decisions/058): paying members, monthly recurring revenue, one-time revenue and churn over 30 days. */
import type { ReactNode } from 'react';
import type { MemberFigures } from '../../../common/api/dashboard.ts';
import { Link } from 'react-router';
import { formatMoney } from '../../../common/money.ts';

function Card({ label, value, hint }: { label: string; value: string; hint: ReactNode }) {
  return (
    <div className="overview-figure">
      <dt className="overview-figure__label">{label}</dt>
      <dd className="overview-figure__value">{value}</dd>
      <dd className="overview-figure__detail">{hint}</dd>
    </div>
  );
}

export function MoneyFigures({ money }: { money: MemberFigures }) {
  const { payingMembers, mrr, churn, oneTime } = money;
  const amounts = (list: typeof mrr) => list.map((entry) => formatMoney(entry.amount, entry.currency, { compact: true })).join(' + ');
  const none = payingMembers === 0;
  return (
    <section aria-labelledby="money-heading">
      <h2 id="money-heading" className="visually-hidden">
        Your members' payments
      </h2>
      <dl className="overview-figures">
        <Card label="Paying members" value={payingMembers.toLocaleString()} hint={none ? 'No paying members yet' : 'On a paid tier, paying through Stripe'} />
        <Card
          label="Monthly recurring revenue"
          value={amounts(mrr)}
          hint={none ? 'Paid memberships show here' : 'Yearly plans count a twelfth; trials and cancellations add nothing'}
        />
        <Card
          label={`One-time revenue (${oneTime.days} days)`}
          value={amounts(oneTime.revenue)}
          hint={
            <>
              {oneTime.sales === 0 ? 'Gifts, tips and products show here' : `${oneTime.sales.toLocaleString()} ${oneTime.sales === 1 ? 'sale' : 'sales'}, refunds taken off`}.{' '}
              <Link to="/earn">See Earn</Link>
            </>
          }
        />
        <Card
          label={`Churn, last ${churn.days} days`}
          value={churn.rate === null ? '—' : `${Math.round(churn.rate * 1000) / 10}%`}
          hint={
            churn.rate === null
              ? `Nobody was paying ${churn.days} days ago`
              : `${churn.left} of the ${churn.payingAtStart} members paying ${churn.days} days ago have left`
          }
        />
      </dl>
    </section>
  );
}
