/** Registers and verifies a customer through the API (captcha solved, code read from /dev/mail). */
export async function benchCustomer(baseUrl: string, tag = ''): Promise<string> {
  const json = async (path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: Record<string, string> }).data;
  };
  const email = `bench-${Date.now()}${tag}@bench.test`;
  const captcha = await json('/auth/captcha');
  const [a, op, b] = (captcha.question ?? '').split(/\s+/);
  const answer =
    op === '+' ? Number(a) + Number(b) : op === '-' || op === '−' ? Number(a) - Number(b) : Number(a) * Number(b);
  await json('/auth/register', {
    name: 'Bench Buyer',
    email,
    password: 'Bench-peony-2026',
    captchaId: captcha.captchaId,
    captchaAnswer: answer,
  });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const html = await (await fetch(`${baseUrl}/dev/mail`)).text();
    const article = html.split('<article>').find((part) => part.includes(email));
    const code = article && /class="code">(\d{6})</.exec(article)?.[1];
    if (code) return (await json('/auth/verify-email', { email, code })).token as string;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('bench: no verification mail');
}
