import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../sandbox/settings';
import { SANDBOX_ORIGIN, testSandbox } from '../../helpers/sandbox';

const JSON_TYPE = { 'content-type': 'application/json' };

/** Every dev endpoint that changes the sandbox's state, with a body it accepts. */
const STATE_CHANGING: Array<[string, string, unknown]> = [
  ['POST', '/_sandbox/reset', {}],
  ['DELETE', '/_sandbox/mailbox', undefined],
  ['PATCH', '/_sandbox/settings', { captcha: true }],
  ['POST', '/_sandbox/clients', { id: 'other-site', allowedOrigins: ['https://other.example'] }],
  ['PATCH', '/_sandbox/clients/demo-client', { allowedOrigins: ['https://other.example'] }],
  ['POST', '/_sandbox/clients/demo-client/origins', { origin: 'https://other.example' }],
  ['POST', '/_sandbox/revoke', { memberId: 'nobody' }],
];

describe('dev endpoints that change state refuse cross-site requests', () => {
  it('refuse what a plain HTML form or a no-cors fetch can send (no JSON Content-Type), changing nothing', async () => {
    for (const type of [
      undefined,
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      const { sandbox, call } = testSandbox();
      sandbox.context.mailbox.send({ to: 'jane@example.com', subject: 'Hi', text: 'Hello' });
      for (const [method, path, body] of STATE_CHANGING) {
        const res = await call(method, path, {
          headers: type ? { 'content-type': type } : {},
          ...(body === undefined
            ? {}
            : { rawBody: type?.startsWith('application/x-www') ? 'captcha=true' : JSON.stringify(body) }),
        });
        expect(res.status, `${method} ${path} as ${type}`).toBe(415);
        expect(res.json.details.applicationError.code).toBe('UNSUPPORTED_MEDIA_TYPE');
        expect(res.json.message).toBe(
          `${method} ${path} changes the sandbox: send it with Content-Type: application/json (a cross-site form or no-cors fetch cannot)`,
        );
      }
      expect(sandbox.context.settings.captcha).toBe(false);
      expect(sandbox.context.mailbox.list()).toHaveLength(1);
      expect([...sandbox.context.clients.keys()]).toEqual(['demo-client']);
      expect(sandbox.context.clients.get('demo-client')?.allowedOrigins).toContain('http://localhost:4000');
    }
  });

  it('refuse a browser request from another origin, even an OAuth client’s, with JSON', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:4000', 'null']) {
      const { sandbox, call } = testSandbox();
      for (const [method, path, body] of STATE_CHANGING) {
        const res = await call(method, path, { headers: { ...JSON_TYPE, origin }, body });
        expect(res.status, `${method} ${path} from ${origin}`).toBe(403);
        expect(res.json.details.applicationError.code).toBe('PERMISSION_DENIED');
      }
      expect(sandbox.context.settings.captcha).toBe(false);
    }
  });

  it('take JSON from scripts and tools (no Origin) and from the sandbox’s own origin', async () => {
    const { sandbox, call } = testSandbox();
    for (const [method, path, body] of STATE_CHANGING) {
      expect((await call(method, path, { headers: JSON_TYPE, body })).status, `${method} ${path}`).toBe(200);
    }
    expect(
      (await call('POST', '/_sandbox/reset', { headers: { origin: SANDBOX_ORIGIN }, body: {} })).status,
    ).toBe(200);
    expect(sandbox.context.settings.captcha).toBe(false);
    // Reads stay plain GETs.
    expect(
      (await call('GET', '/_sandbox/status', { headers: { origin: 'https://evil.example' } })).status,
    ).toBe(200);
  });
});

describe('POST /_sandbox/reset', () => {
  it('returns the platform to its seed: settings, tokens, mailbox and clients', async () => {
    const { sandbox, call, anonymousTokens } = testSandbox();
    const tokens = await anonymousTokens();
    await call('PATCH', '/_sandbox/settings', { body: { requireOwnerApproval: true, latencyMs: 5 } });
    await call('PATCH', '/_sandbox/clients/demo-client', { body: { allowedOrigins: ['https://x.example'] } });
    sandbox.context.mailbox.send({ to: 'jane@example.com', subject: 'Hi', text: 'Hello' });
    sandbox.context.state.products.clear();

    const res = await call('POST', '/_sandbox/reset', { body: {} });
    expect(res.status).toBe(200);
    expect(res.json.reset).toBe(true);
    expect(res.json.counts.products).toBeGreaterThanOrEqual(12);
    expect((await call('GET', '/_sandbox/settings')).json.settings).toEqual(DEFAULT_SETTINGS);
    expect((await call('GET', '/_sandbox/mailbox')).json.messages).toEqual([]);
    expect((await call('GET', '/_sandbox/clients')).json.clients[0].allowedOrigins).toContain(
      'http://localhost:4000',
    );
    expect(
      (await call('POST', '/oauth2/token-info', { body: { token: tokens.access_token } })).json.active,
    ).toBe(false);
  });
});

describe('GET /_sandbox/mailbox', () => {
  it('lists the emails sent to an address, case-insensitively, oldest first', async () => {
    const { sandbox, call } = testSandbox();
    sandbox.context.mailbox.send({
      to: 'Jane@Example.com',
      subject: 'Your code',
      text: 'Your code is 123456',
      codes: ['123456'],
    });
    sandbox.context.mailbox.send({
      to: 'jane@example.com',
      subject: 'Reset your password',
      text: 'Open the link',
      links: ['https://sandbox.test/reset?token=abc'],
    });
    sandbox.context.mailbox.send({ to: 'marcus@example.com', subject: 'Other', text: 'Not for Jane' });

    const res = await call('GET', '/_sandbox/mailbox?to=JANE%40example.com');
    expect(res.status).toBe(200);
    expect(res.json.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Your code',
      'Reset your password',
    ]);
    expect(res.json.messages[0]).toMatchObject({ to: 'jane@example.com', codes: ['123456'], links: [] });
    expect(res.json.messages[1].links).toEqual(['https://sandbox.test/reset?token=abc']);
    expect((await call('GET', '/_sandbox/mailbox')).json.messages).toHaveLength(3);
  });

  it('refuses a `to` that is not an email address', async () => {
    const { call } = testSandbox();
    const res = await call('GET', '/_sandbox/mailbox?to=jane');
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('INVALID_ARGUMENT: "to" must be an email address');
  });

  it('can be emptied', async () => {
    const { sandbox, call } = testSandbox();
    sandbox.context.mailbox.send({ to: 'jane@example.com', subject: 'x', text: 'y' });
    expect((await call('DELETE', '/_sandbox/mailbox', { headers: JSON_TYPE })).status).toBe(200);
    expect((await call('GET', '/_sandbox/mailbox')).json.messages).toEqual([]);
  });
});

describe('PATCH /_sandbox/settings', () => {
  it('changes the named settings and keeps the others', async () => {
    const { call } = testSandbox();
    const res = await call('PATCH', '/_sandbox/settings', {
      body: { requireEmailVerification: true, captcha: true, failureRate: 0.25 },
    });
    expect(res.status).toBe(200);
    expect(res.json.settings).toEqual({
      ...DEFAULT_SETTINGS,
      requireEmailVerification: true,
      captcha: true,
      failureRate: 0.25,
    });
  });

  it('refuses bad values with every violation, sorted by field, and changes nothing', async () => {
    const { call } = testSandbox();
    const res = await call('PATCH', '/_sandbox/settings', {
      body: { requireOwnerApproval: true, latencyMs: -5, dropRate: 2, captcha: 'yes', colour: 'blue' },
    });
    expect(res.status).toBe(400);
    const fields = res.json.details.validationError.fieldViolations.map(
      (v: { field: string; violatedRule: string }) => `${v.field}:${v.violatedRule}`,
    );
    expect(fields).toEqual([
      'captcha:FORMAT',
      'colour:FIELD_NOT_ALLOWED',
      'dropRate:DECIMAL_LTE',
      'latencyMs:MIN',
    ]);
    expect(res.json.message).toContain('INVALID_ARGUMENT: "captcha" must be true or false');
    expect((await call('GET', '/_sandbox/settings')).json.settings).toEqual(DEFAULT_SETTINGS);
  });

  it('failureRate 1 answers every platform call with a 503, but not the dev endpoints', async () => {
    const { call } = testSandbox();
    await call('PATCH', '/_sandbox/settings', { body: { failureRate: 1 } });
    const res = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', grantType: 'anonymous' },
    });
    expect(res.status).toBe(503);
    expect(res.json.details.applicationError.code).toBe('SANDBOX_SIMULATED_FAILURE');
    expect(res.headers.get('x-wix-request-id')).toBeTruthy();
    expect((await call('GET', '/_sandbox/settings')).status).toBe(200);
  });

  it('failureRate 0.5 fails some calls and not others, the same way on every run', async () => {
    const run = async () => {
      const { call } = testSandbox();
      await call('PATCH', '/_sandbox/settings', { body: { failureRate: 0.5 } });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        statuses.push(
          (await call('POST', '/oauth2/token', { body: { clientId: 'demo-client', grantType: 'anonymous' } }))
            .status,
        );
      }
      return statuses;
    };
    const first = await run();
    expect(first).toContain(200);
    expect(first).toContain(503);
    expect(await run()).toEqual(first);
  });

  it('dropRate 1 rejects in-process calls as a reset connection would', async () => {
    const { sandbox, call } = testSandbox();
    await call('PATCH', '/_sandbox/settings', { body: { dropRate: 1 } });
    await expect(
      sandbox.fetch('https://sandbox.test/oauth2/token', { method: 'POST', body: '{}' }),
    ).rejects.toThrow(/fetch failed/);
    expect((await call('GET', '/_sandbox/status')).status).toBe(200);
  });

  it('lostAnswerRate 1 handles in-process calls, then rejects as a broken-off answer would', async () => {
    const { sandbox, call, anonymousTokens } = testSandbox();
    const { access_token } = await anonymousTokens();
    await call('PATCH', '/_sandbox/settings', { body: { lostAnswerRate: 1 } });
    const lost = await sandbox
      .fetch('https://sandbox.test/ecom/v1/carts/current/add-to-cart', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: access_token },
        body: JSON.stringify({
          lineItems: [
            {
              quantity: 2,
              catalogReference: {
                catalogItemId: 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8',
                appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
              },
            },
          ],
        }),
      })
      .catch((error: Error) => error);
    expect(lost).toBeInstanceOf(TypeError);
    expect(((lost as TypeError).cause as Error).message).toMatch(/lostAnswerRate/);
    await call('PATCH', '/_sandbox/settings', { body: { lostAnswerRate: 0 } });
    const cart = await call('GET', '/ecom/v1/carts/current', { headers: { authorization: access_token } });
    expect(cart.json.cart.lineItems.map((line: { quantity: number }) => line.quantity)).toEqual([2]);
  });

  it('latencyJitterMs lets calls overtake one another', async () => {
    const { call } = testSandbox();
    const run = async () => {
      await call('POST', '/_sandbox/reset', { body: { seed: 3 } });
      await call('PATCH', '/_sandbox/settings', { body: { latencyJitterMs: 60 } });
      const order: number[] = [];
      const body = { clientId: 'demo-client', grantType: 'anonymous' };
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call('POST', '/oauth2/token', { body }).then(() => order.push(i)),
        ),
      );
      return order;
    };
    const order = await run();
    expect(order).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('a reset with a seed repeats the simulated failures of that seed, another seed others', async () => {
    const { call } = testSandbox();
    const run = async (seed: number) => {
      expect((await call('POST', '/_sandbox/reset', { body: { seed } })).status).toBe(200);
      await call('PATCH', '/_sandbox/settings', { body: { failureRate: 0.5 } });
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++) {
        const body = { clientId: 'demo-client', grantType: 'anonymous' };
        statuses.push((await call('POST', '/oauth2/token', { body })).status);
      }
      return statuses.join(' ');
    };
    const first = await run(7);
    expect(await run(8)).not.toBe(first);
    expect(await run(7)).toBe(first);
    const bad = await call('POST', '/_sandbox/reset', { body: { seed: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.details.validationError.fieldViolations[0].field).toBe('seed');
  });

  it('latencyMs delays platform calls', async () => {
    const { call } = testSandbox();
    await call('PATCH', '/_sandbox/settings', { body: { latencyMs: 40 } });
    const started = performance.now();
    await call('POST', '/oauth2/token', { body: { clientId: 'demo-client', grantType: 'anonymous' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });
});

describe('GET /_sandbox/media', () => {
  it('serves the seed images as SVG, and 404 for anything else', async () => {
    const { call } = testSandbox();
    const res = await call('GET', '/_sandbox/media/everyday-cotton-tee.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.text).toContain('Cotton Tee');
    expect((await call('GET', '/_sandbox/media/nope.svg')).status).toBe(404);
    expect((await call('GET', '/_sandbox/media/everyday-cotton-tee.png')).status).toBe(404);
  });

  it('escapes text drawn into an image', async () => {
    const { sandbox, call } = testSandbox();
    sandbox.context.state.artwork.set('x', {
      label: '<script>&"',
      background: '#fff',
      ink: '#000',
      motif: 'mug',
    });
    const res = await call('GET', '/_sandbox/media/x.svg');
    expect(res.text).not.toContain('<script>');
    expect(res.text).toContain('&lt;script&gt;&amp;&quot;');
  });
});
