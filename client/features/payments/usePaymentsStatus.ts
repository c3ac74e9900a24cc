/**
 * Loads the creator's payments state (GET /api/payments/status), with a retry
 * and a way to read it again; `update` puts in place the state an answer gave
 * (saving or disconnecting a key answers with it), with no reload in between.
 */
import { useState } from 'react';
import * as paymentsApi from '../../../common/api/payments.ts';
import { call } from '../../lib/api.ts';
import { useLoad, type Loaded } from '../../lib/useLoad.ts';
import { paymentsErrorMessage } from '../../content/payments.ts';

export type LoadedPayments = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; status: paymentsApi.PaymentsStatus };

export function usePaymentsStatus(): { loaded: LoadedPayments; reload: () => void; update: (status: paymentsApi.PaymentsStatus) => void } {
  const { loaded, reload } = useLoad((signal) => call(paymentsApi.paymentsStatus, { signal }));
  // Kept with the load it follows: a reload afterwards reads Stripe's word again.
  const [latest, setLatest] = useState<{ after: Loaded<paymentsApi.PaymentsStatus>; status: paymentsApi.PaymentsStatus }>();
  const update = (status: paymentsApi.PaymentsStatus) => setLatest({ after: loaded, status });
  if (loaded.state === 'failed') return { loaded: { state: 'failed', message: paymentsErrorMessage(loaded.code) }, reload, update };
  if (loaded.state === 'loading') return { loaded, reload, update };
  return { loaded: { state: 'ready', status: latest?.after === loaded ? latest.status : loaded.data }, reload, update };
}
