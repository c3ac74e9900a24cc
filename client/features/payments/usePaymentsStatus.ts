/** Loads the creator's payments state (GET /api/payments/status), with a retry and a way to read it again. */
import * as paymentsApi from '../../../common/api/payments.ts';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { paymentsErrorMessage } from '../../content/payments.ts';

export type LoadedPayments = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; status: paymentsApi.PaymentsStatus };

export function usePaymentsStatus(): { loaded: LoadedPayments; reload: () => void } {
  const { loaded, reload } = useLoad((signal) => call(paymentsApi.paymentsStatus, { signal }));
  if (loaded.state === 'failed') return { loaded: { state: 'failed', message: paymentsErrorMessage(loaded.code) }, reload };
  return { loaded: loaded.state === 'ready' ? { state: 'ready', status: loaded.data } : loaded, reload };
}
