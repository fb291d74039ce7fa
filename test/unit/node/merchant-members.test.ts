import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../sandbox/app';
import { merchantCli } from '../../helpers/merchant';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';

/** Issue 38: `storefront-widgets members …` against the in-process sandbox's seeded members. */

function setup() {
  const sandbox = createSandbox({ publicUrl: SANDBOX_ORIGIN });
  const statuses = () =>
    Object.fromEntries([...sandbox.context.state.members.values()].map((m) => [m.loginEmail, m.status]));
  return { sandbox, statuses };
}

describe('members', () => {
  it('approve --status PENDING approves exactly the pending members (a blocked one stays blocked)', async () => {
    const { sandbox, statuses } = setup();
    const before = statuses();
    const pending = Object.keys(before).filter((email) => before[email] === 'PENDING');
    expect(pending.length).toBeGreaterThan(0);
    const dry = await merchantCli(sandbox, ['members', 'approve', '--status', 'PENDING', '--dry-run']);
    expect(dry.out).toContain(`Would approve ${pending.length} member`);
    expect(dry.writes).toEqual([]);
    const run = await merchantCli(sandbox, ['members', 'approve', '--status', 'PENDING']);
    expect(run.code).toBe(0);
    expect(run.writes.map((c) => [c.path, c.body])).toEqual([
      [
        '/members/v1/members/bulk/approve-by-filter',
        { filter: { $and: [{ status: 'PENDING' }, { status: 'PENDING' }] } },
      ],
    ]);
    const after = statuses();
    for (const email of Object.keys(before))
      expect([email, after[email]]).toEqual([email, pending.includes(email) ? 'APPROVED' : before[email]]);
  });

  it('block --query blocks those the filter names, and unblock approves them again', async () => {
    const { sandbox, statuses } = setup();
    const before = statuses();
    const query = JSON.stringify({ loginEmail: { $in: ['jane@example.com', 'marcus@example.com'] } });
    const run = await merchantCli(sandbox, ['members', 'block', '--query', query]);
    expect(run.out).toContain('Blocked 2 members:');
    expect(run.writes.map((c) => c.path)).toEqual(['/members/v1/members/bulk/block-by-filter']);
    expect(statuses()).toEqual({ ...before, 'jane@example.com': 'BLOCKED', 'marcus@example.com': 'BLOCKED' });
    const unblock = await merchantCli(sandbox, ['members', 'unblock', '--query', query]);
    expect(unblock.out).toContain('Unblocked 2 members:');
    expect(statuses()).toEqual({
      ...before,
      'jane@example.com': 'APPROVED',
      'marcus@example.com': 'APPROVED',
    });
  });

  it('delete asks for --yes, then deletes by bulk/delete; list names them', async () => {
    const { sandbox } = setup();
    const jane = [...sandbox.context.state.members.values()].find((m) => m.loginEmail === 'jane@example.com');
    const list = await merchantCli(sandbox, ['members', 'list', jane?.id as string]);
    expect(list.out).toMatch(new RegExp(`^${jane?.id}  APPROVED  jane@example.com`));
    const asked = await merchantCli(sandbox, ['members', 'delete', jane?.id as string]);
    expect([asked.code, asked.writes]).toEqual([2, []]);
    expect(asked.err).toContain('--yes');
    const run = await merchantCli(sandbox, ['members', 'delete', jane?.id as string, '--yes']);
    expect(run.writes).toEqual([
      { method: 'POST', path: '/members/v1/members/bulk/delete', body: { memberIds: [jane?.id] } },
    ]);
    expect(sandbox.context.state.members.has(jane?.id as string)).toBe(false);
  });

  it('refuses to act on every member, a bad status and a missing key', async () => {
    const { sandbox } = setup();
    const none = await merchantCli(sandbox, ['members', 'block']);
    expect([none.code, none.calls]).toEqual([2, []]);
    expect(none.err).toContain('Name the members to block');
    const bad = await merchantCli(sandbox, ['members', 'list', '--status', 'GONE']);
    expect(bad.err).toContain('--status must be one of PENDING, APPROVED, BLOCKED, OFFLINE');
    const keyless = await merchantCli(sandbox, ['members', 'list'], { env: {} });
    expect([keyless.code, keyless.calls]).toEqual([2, []]);
    expect(keyless.err).toContain('STOREFRONT_API_KEY is not set');
  });
});
