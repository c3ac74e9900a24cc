/** The overview's money cards (docs/decisions/058): paying members, monthly recurring revenue, churn over 30 days. */
import type { MemberFigures } from '../../../common/api/dashboard.ts';
import { formatMoney } from '../../../common/money.ts';

function Card({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="overview-figure">
      <dt className="overview-figure__label">{label}</dt>
      <dd className="overview-figure__value">{value}</dd>
      <dd className="overview-figure__detail">{hint}</dd>
    </div>
  );
}

export function MoneyFigures({ money }: { money: MemberFigures }) {
  const { payingMembers, mrr, churn } = money;
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
          value={mrr.map((entry) => formatMoney(entry.amount, entry.currency, { compact: true })).join(' + ')}
          hint={none ? 'Paid memberships show here' : 'Yearly plans count a twelfth; trials and cancellations add nothing'}
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
