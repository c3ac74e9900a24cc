/** The subscribers list's search and filters: status, tier and source. Each change is written to the address by the page. */
import { useId } from 'react';
import * as membersApi from '../../../common/api/members.ts';
import { MEMBERSHIP_SOURCES, type MembershipSource } from '../../../common/memberships.ts';
import { FILTER_LABELS, SOURCE_LABELS } from '../../content/members.ts';
import type { Tier } from './MemberView.tsx';

interface MemberFiltersProps {
  searchText: string;
  onSearch: (text: string) => void;
  status: membersApi.MemberFilter | undefined;
  tier: string | undefined;
  source: MembershipSource | undefined;
  /** The site's tiers, once the first list has come. */
  tiers: Tier[] | undefined;
  onFilter: (changes: Partial<Record<'status' | 'tier' | 'source', string | undefined>>) => void;
}

export function MemberFilters({ searchText, onSearch, status, tier, source, tiers, onFilter }: MemberFiltersProps) {
  const ids = { search: useId(), status: useId(), tier: useId(), source: useId() };
  return (
    <div className="subscribers-page__controls">
      <div className="subscribers-page__search">
        <label htmlFor={ids.search} className="field__label">
          Search
        </label>
        <input id={ids.search} type="search" className="field__input" placeholder="Name or e-mail" value={searchText} maxLength={200} onChange={(event) => onSearch(event.target.value)} />
      </div>
      <div>
        <label htmlFor={ids.status} className="field__label">
          Status
        </label>
        <select id={ids.status} className="field__select" value={status ?? ''} onChange={(event) => onFilter({ status: event.target.value || undefined })}>
          <option value="">Everyone</option>
          {membersApi.MEMBER_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {FILTER_LABELS[filter]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.tier} className="field__label">
          Tier
        </label>
        <select id={ids.tier} className="field__select" value={tier ?? ''} onChange={(event) => onFilter({ tier: event.target.value || undefined })}>
          <option value="">All tiers</option>
          {tiers?.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.source} className="field__label">
          Source
        </label>
        <select id={ids.source} className="field__select" value={source ?? ''} onChange={(event) => onFilter({ source: event.target.value || undefined })}>
          <option value="">Any source</option>
          {MEMBERSHIP_SOURCES.map((option) => (
            <option key={option} value={option}>
              {SOURCE_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
