/**
 * One member (/subscribers/:id): their details, their history newest first,
 * the creator's note and labels, comp onto a tier (until a date or for good)
 * and removal, which for a member paying through Stripe asks whether their
 * subscription ends at the end of the period or now. The page loads the
 * member and the site's tiers; MemberView.tsx shows them.
 */
import { Link, useParams } from 'react-router';
import * as membersApi from '../../../common/api/members.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { MEMBER_PAGE } from '../../content/members.ts';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { useLoadFor } from '../../lib/useLoadFor.ts';
import { MemberView } from './MemberView.tsx';
import '../../components/FormField.css';
import './subscribers.css';

export default function MemberPage() {
  const { id = '' } = useParams();
  const { loaded, reload, replace } = useLoadFor(id, (asked, signal) => call(membersApi.getMember, { params: { id: asked }, signal }).then((answer) => answer.member));
  // The comp form's choices; without them it says to create a paid tier.
  const tiersLoad = useLoad((signal) => call(membersApi.listMembers, { query: { limit: 1 }, signal }).then((answer) => answer.tiers));
  const tiers = tiersLoad.loaded.state === 'ready' ? tiersLoad.loaded.data : [];
  const member = loaded.state === 'ready' ? loaded.data : undefined;
  usePageMeta({ title: `${member?.name ?? 'Member'} | Subscribers | Creator Platform`, robots: 'noindex' });

  return (
    <div className="member-page">
      <p>
        <Link to="/subscribers">{MEMBER_PAGE.back}</Link>
      </p>
      {loaded.state === 'loading' && <Loading>{MEMBER_PAGE.loading}</Loading>}
      {loaded.state === 'failed' &&
        (loaded.code === 'not-found' ? (
          <p role="alert">{MEMBER_PAGE.notFound}</p>
        ) : (
          <LoadFailed
            message={MEMBER_PAGE.loadFailed}
            onRetry={() => {
              reload();
              tiersLoad.reload();
            }}
          />
        ))}
      {member && <MemberView member={member} tiers={tiers} onChange={replace} />}
    </div>
  );
}
