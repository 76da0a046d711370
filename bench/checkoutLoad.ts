import { submitRequestFixture } from '@/tests/fixtures/submitRequest';

export interface CheckoutLatency {
  checkouts: number;
  concurrency: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** One visitor's checkout through the sandbox: submit with 4242, then the success page with the receipt. */
async function checkout(origin: string): Promise<boolean> {
  const response = await fetch(`${origin}/api/checkout/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      submitRequestFixture({
        brand: 'newyorker',
        urlSlug: 'demo-dual',
        offerId: '2001',
        couponCode: 'SAVE20',
        billing: { email: 'bench@example.com', firstName: 'Bench', lastName: 'Reader', country: 'GB' },
        source: 'bench',
        returnPath: '/newyorker/demo-dual/credit-card?livemode=false',
      }),
    ),
  });
  const body = (await response.json()) as { status?: string; successPath?: string };
  if (body.status !== 'succeeded' || !body.successPath) return false;
  const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? '';
  const success = await fetch(`${origin}${body.successPath}`, { headers: { cookie } });
  const html = await success.text();
  // An invoice number of any seller's series (US-TEST-2026-000001) or the global one (INV-…).
  return success.status === 200 && /[A-Z]{2,6}-(TEST-)?\d{4}-\d{6}/.test(html);
}

/** Submit-to-success latency of `total` checkouts, `concurrency` at a time. */
export async function measureCheckouts(origin: string, total: number, concurrency: number): Promise<CheckoutLatency> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const ok = await checkout(origin).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) failed += 1;
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    checkouts: total,
    concurrency,
    failed,
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    perSecond: Math.round((total / elapsedS) * 10) / 10,
  };
}
