/** A signed-up account on the product under test, for benchmarks that need a session. */
export const BENCH_PASSWORD = 'violet-harbour-71';

export async function createAccount(baseUrl: string): Promise<{ email: string; cookie: string }> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ fullName: 'Bench Mark', email, password: BENCH_PASSWORD, niche: 'music', agreeToTerms: true }),
  });
  if (response.status !== 201) throw new Error(`sign-up for the benchmark failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
  return { email, cookie };
}
