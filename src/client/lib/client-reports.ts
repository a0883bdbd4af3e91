import {
  CLIENT_REPORT_MAX_ERRORS,
  CLIENT_REPORT_SAMPLE_RATE,
  reportedScreen,
  type ClientReport,
  type ClientVital,
} from '@shared/client-report';

declare global {
  interface Window {
    __stackdaysReports?: true;
  }
}

/**
 * Reports this page view's Core Web Vitals and uncaught errors to the server (decision 0040), for one
 * page view in ten: the others load nothing. Errors are counted from the start; web-vitals loads once
 * the page has loaded. The report goes once, with `sendBeacon`, when the page is hidden (web-vitals
 * settles LCP, INP and CLS then). Started from boot.ts and main.tsx; the second start does nothing.
 */
export function startClientReports(random: () => number = Math.random): void {
  if (window.__stackdaysReports || random() >= CLIENT_REPORT_SAMPLE_RATE) return;
  window.__stackdaysReports = true;
  if (typeof navigator.sendBeacon !== 'function') return;
  const vitals = new Map<ClientVital, number>();
  let errors = 0;
  let sent = false;
  const countError = () => {
    errors = Math.min(errors + 1, CLIENT_REPORT_MAX_ERRORS);
  };
  window.addEventListener('error', countError);
  window.addEventListener('unhandledrejection', countError);
  const send = (event: Event) => {
    if (sent || (event.type === 'visibilitychange' && document.visibilityState !== 'hidden'))
      return;
    if (vitals.size === 0 && errors === 0) return;
    sent = true;
    const report: ClientReport = {
      screen: reportedScreen(location.pathname),
      vitals: [...vitals].map(([name, value]) => ({ name, value })),
      errors,
    };
    navigator.sendBeacon(
      '/api/client-reports',
      new Blob([JSON.stringify(report)], { type: 'application/json' }),
    );
  };
  const start = () =>
    import('web-vitals')
      .then(({ onCLS, onINP, onLCP }) => {
        const keep = ({ name, value }: { name: ClientVital; value: number }) => {
          vitals.set(name, value);
        };
        onLCP(keep);
        onINP(keep);
        onCLS(keep);
        // After web-vitals' own listeners, which settle the metrics on the same event.
        document.addEventListener('visibilitychange', send);
        window.addEventListener('pagehide', send);
      })
      .catch(() => undefined);
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}
