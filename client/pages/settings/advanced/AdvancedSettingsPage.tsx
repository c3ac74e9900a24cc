/**
 * /settings/advanced: the creator's business settings, one card per section,
 * in this order: the platform plan, payments, tiers. Each part of the studio
 * that has a section adds one line to SECTIONS.
 */
import type { ComponentType } from 'react';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { PaymentsPanel } from '../../../features/payments/PaymentsPanel.tsx';
import '../general/settings.css';

interface Section {
  id: string;
  title: string;
  Panel: ComponentType;
}

const SECTIONS: readonly Section[] = [{ id: 'payments', title: 'Payments', Panel: PaymentsPanel }];

export default function AdvancedSettingsPage() {
  usePageMeta({ title: 'Advanced settings | Creator Platform', robots: 'noindex' });
  return (
    <div className="settings studio">
      <h1 className="settings__heading">Advanced settings</h1>
      {SECTIONS.map(({ id, title, Panel }) => (
        <section key={id} className="settings-card" aria-labelledby={`${id}-heading`}>
          <h2 id={`${id}-heading`} className="settings-card__title">
            {title}
          </h2>
          <Panel />
        </section>
      ))}
    </div>
  );
}
