/** Loads the creator's payments state (GET /api/payments/status), with a retry and a way to read it again. */
import { useCallback, useEffect, useState } from 'react';
import * as paymentsApi from '../../../common/api/payments.ts';
import { call, toErrorCode } from '../../lib/api.ts';
import { paymentsErrorMessage } from './payments-copy.ts';

export type LoadedPayments = { state: 'loading' } | { state: 'failed'; message: string; siteMissing: boolean } | { state: 'ready'; status: paymentsApi.PaymentsStatus };

export function usePaymentsStatus() {
  const [loaded, setLoaded] = useState<LoadedPayments>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    call(paymentsApi.paymentsStatus, { signal: controller.signal })
      .then((status) => setLoaded({ state: 'ready', status }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const code = toErrorCode(error);
        setLoaded({ state: 'failed', message: paymentsErrorMessage(code), siteMissing: code === 'site-required' });
      });
    return () => controller.abort();
  }, [attempt]);
  const reload = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { loaded, reload };
}
