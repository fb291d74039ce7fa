/**
 * `storefront-widgets members list | approve | block | unblock | delete`: member moderation from the command
 * line, on the platform's bulk calls (`bulk/approve-by-filter`, `bulk/block-by-filter`, `bulk/delete`). The
 * members are named by ids, `--status` or `--query` (a filter, as the member query takes it); `--dry-run`
 * lists who would change, and deleting asks for `--yes`.
 */
import type { Writable } from 'node:stream';
import type { ApiClient } from '../api/http';
import { bulkApproveMembers, bulkBlockMembers, bulkDeleteMembers, queryMembers } from '../api/members';
import { politeRunner } from '../api/polite';
import type { Filter } from '../api/query-builder';
import type { Member } from '../api/types/members';
import {
  API_OPTIONS_HELP,
  EXIT_FAILED,
  EXIT_USAGE,
  line,
  type MerchantIo,
  MerchantUsageError,
  merchantClient,
  readArgs,
} from './merchant';
import { count } from './progress';

export const MEMBERS_USAGE = `Usage: storefront-widgets members <list|approve|block|unblock|delete> [<id>...] [options]

  list        the members named (every member when none is), one a line: id, status, email, name
  approve     approves the PENDING members named (bulk/approve-by-filter)
  block       blocks the members named that are not blocked yet (bulk/block-by-filter): they are signed out
  unblock     approves the BLOCKED members named again (bulk/approve-by-filter)
  delete      deletes the members named (bulk/delete, 100 a call): needs --yes

Naming members (together they all apply):
  <id>...              member ids
  --status <status>    PENDING, APPROVED, BLOCKED or OFFLINE
  --query <filter>     a filter as JSON, as the member query takes it, e.g. '{"loginEmail": {"$startsWith": "test-"}}'
Options:
  --dry-run            list who would change, and change nothing
  --yes                delete without asking (delete only)
  --json               list: the members as a JSON list
${API_OPTIONS_HELP}`;

const STATUSES = ['PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE'];
type Action = 'approve' | 'block' | 'unblock' | 'delete';
const ACTIONS: ReadonlySet<string> = new Set(['approve', 'block', 'unblock', 'delete']);

/** Who an action changes, of the members named: approve the pending, unblock the blocked, block the others. */
const CHANGES: Record<Action, Filter | undefined> = {
  approve: { status: 'PENDING' },
  unblock: { status: 'BLOCKED' },
  block: { $not: { status: { $in: ['BLOCKED', 'OFFLINE'] } } },
  delete: undefined,
};
const DONE: Record<Action, string> = {
  approve: 'Approved',
  block: 'Blocked',
  unblock: 'Unblocked',
  delete: 'Deleted',
};

/** The filter of the members named: ids, `--status`, `--query`, all together (`$and`); undefined for none. */
export function selectionFilter(
  ids: string[],
  status: string | undefined,
  query: string | undefined,
): Filter | undefined {
  const parts: Filter[] = [];
  if (ids.length) parts.push({ id: { $in: ids } });
  if (status !== undefined) {
    const upper = status.toUpperCase();
    if (!STATUSES.includes(upper))
      throw new MerchantUsageError(`--status must be one of ${STATUSES.join(', ')}, not "${status}"`);
    parts.push({ status: upper });
  }
  if (query !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(query);
    } catch (error) {
      throw new MerchantUsageError(`--query is not JSON: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new MerchantUsageError('--query must be a JSON object, a filter such as {"status": "PENDING"}');
    parts.push(parsed as Filter);
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : { $and: parts };
}

/** Every member matching a filter, page by page. */
async function membersMatching(client: ApiClient, filter: Filter | undefined): Promise<Member[]> {
  const polite = politeRunner({ concurrency: 1 });
  const members: Member[] = [];
  let page = await polite.run(() =>
    queryMembers(client, { fieldsets: ['FULL'], ...(filter ? { filter } : {}) })
      .ascending('createdDate')
      .limit(100)
      .find(),
  );
  for (;;) {
    members.push(...page.items);
    if (!page.hasNext()) return members;
    const current = page;
    page = await polite.run(() => current.next());
  }
}

const nameOf = (m: Member) =>
  m.profile?.nickname || [m.contact?.firstName, m.contact?.lastName].filter(Boolean).join(' ') || '';

const membersCount = (n: number) => `${count(n)} member${n === 1 ? '' : 's'}`;

/** A member a line: id, status (`was` it, after a change), email and name. */
function printMembers(out: Writable, members: Member[], was = ''): void {
  for (const m of members)
    line(
      out,
      `${m.id}  ${`${was}${m.status ?? ''}`.padEnd(was ? 12 : 8)}  ${m.loginEmail ?? ''}  ${nameOf(m)}`,
    );
}

export async function membersCommand(args: string[], io: MerchantIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '-h' || sub === '--help') {
    line(io.stdout, MEMBERS_USAGE);
    return 0;
  }
  if (sub !== 'list' && !ACTIONS.has(sub))
    throw new MerchantUsageError(
      `Unknown members command '${sub}' (list, approve, block, unblock or delete)`,
    );
  const { values, positionals } = readArgs(rest, {
    status: { type: 'string' },
    query: { type: 'string' },
    'dry-run': { type: 'boolean' },
    yes: { type: 'boolean' },
    json: { type: 'boolean' },
    'api-base': { type: 'string' },
  });
  const selection = selectionFilter(positionals, values.status, values.query);
  const client = merchantClient(values['api-base'], io);
  if (sub === 'list') {
    const members = await membersMatching(client, selection);
    if (values.json) line(io.stdout, JSON.stringify(members, null, 2));
    else printMembers(io.stdout, members);
    line(io.stderr, membersCount(members.length));
    return 0;
  }
  if (!selection)
    throw new MerchantUsageError(
      `Name the members to ${sub}: ids, --status or --query (every member is never implied)`,
    );
  return moderate(client, sub as Action, selection, io, {
    dryRun: values['dry-run'] ?? false,
    yes: values.yes ?? false,
  });
}

async function moderate(
  client: ApiClient,
  action: Action,
  selection: Filter,
  io: MerchantIo,
  flags: { dryRun: boolean; yes: boolean },
): Promise<number> {
  const change = CHANGES[action];
  const filter = change ? { $and: [selection, change] } : selection;
  const targets = await membersMatching(client, filter);
  if (targets.length === 0) {
    line(
      io.stdout,
      `No member to ${action}: none of those named ${action === 'delete' ? 'exists' : 'would change'}.`,
    );
    return 0;
  }
  if (flags.dryRun || (action === 'delete' && !flags.yes)) {
    line(io.stdout, `Would ${action} ${membersCount(targets.length)}:`);
    printMembers(io.stdout, targets);
    if (flags.dryRun) return 0;
    line(io.stderr, 'Deleting members cannot be undone: run the command again with --yes to delete them.');
    return EXIT_USAGE;
  }
  const polite = politeRunner({ concurrency: 1 });
  let failed = 0;
  if (action === 'delete') {
    for (let i = 0; i < targets.length; i += 100) {
      const ids = targets.slice(i, i + 100).map((m) => m.id as string);
      const res = await polite.run(() => bulkDeleteMembers(client, ids), { transient: false });
      for (const { itemMetadata } of res.results ?? []) {
        if (itemMetadata?.success === false) {
          failed += 1;
          line(io.stderr, `  ${itemMetadata.id}: ${itemMetadata.error?.description ?? 'not deleted'}`);
        }
      }
    }
  } else {
    const call = action === 'block' ? bulkBlockMembers : bulkApproveMembers;
    await polite.run(() => call(client, filter));
  }
  line(io.stdout, `${DONE[action]} ${membersCount(targets.length - failed)}:`);
  printMembers(io.stdout, targets, 'was ');
  return failed ? EXIT_FAILED : 0;
}
