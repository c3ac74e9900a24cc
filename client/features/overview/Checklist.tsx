/** The getting-started checklist: each step says whether it is done and links to where it is done. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Overview } from '../../../common/api/dashboard.ts';
import { ShareLink } from './ShareLink.tsx';

interface Item {
  done: boolean;
  title: string;
  detail: ReactNode;
}

function itemsOf({ checklist, site }: Overview): Item[] {
  return [
    {
      done: checklist.siteSetUp,
      title: 'Set up your site',
      detail: site ? <Link to="/settings/general">Edit your title, images and colour in Settings</Link> : <Link to="/onboarding">Finish setting up your site</Link>,
    },
    {
      done: checklist.firstPostPublished,
      title: 'Publish your first post',
      detail: <Link to="/upload">Write a post or upload media</Link>,
    },
    {
      done: checklist.firstMember,
      title: 'Welcome your first member',
      detail: site ? (
        <>
          <span>Share your site's link so readers can join:</span>
          <ShareLink url={site.url} />
        </>
      ) : (
        'Once your site is set up, share its link so readers can join.'
      ),
    },
    {
      done: checklist.paymentsConnected,
      title: 'Connect payments',
      detail: checklist.paymentsConnected ? (
        <Link to="/settings/advanced">Your Stripe account takes payments: see Settings &gt; Advanced</Link>
      ) : (
        <Link to="/settings/advanced">Connect your Stripe account in Settings &gt; Advanced to offer paid tiers</Link>
      ),
    },
  ];
}

export function Checklist({ overview }: { overview: Overview }) {
  const items = itemsOf(overview);
  const done = items.filter((item) => item.done).length;
  return (
    <section className="overview-card checklist" aria-labelledby="checklist-heading">
      <div className="checklist__head">
        <h2 id="checklist-heading" className="overview-card__title">
          Getting started
        </h2>
        <p className="checklist__count">
          {done} of {items.length} done
        </p>
      </div>
      <ol className="checklist__items">
        {items.map((item) => (
          <li key={item.title} className={item.done ? 'checklist__item checklist__item--done' : 'checklist__item'}>
            <span className="checklist__mark" aria-hidden="true">
              {item.done ? '✓' : ''}
            </span>
            <div className="checklist__body">
              <p className="checklist__title">
                {item.title}
                <span className="visually-hidden">{item.done ? ' (done)' : ' (to do)'}</span>
              </p>
              <div className="checklist__detail">{item.detail}</div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
