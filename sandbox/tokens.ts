import { randomBytes, randomUUID } from 'node:crypto';
import type { TokenInfo, TokenResponse } from '../src/api/types/tokens';

/** Who a token speaks for. A member keeps the visitor id it signed in from, so its cart can follow it. */
export type Subject =
  | { kind: 'visitor'; visitorId: string }
  | { kind: 'member'; visitorId: string; memberId: string };

interface AccessRecord {
  subject: Subject;
  clientId: string;
  refreshToken: string;
  issuedAt: number;
  expiresAt: number;
}

interface RefreshRecord {
  subject: Subject;
  clientId: string;
  revoked: boolean;
  /** The platform session (sign-in) the tokens came from, which a sign-out with them ends. */
  sessionToken?: string;
}

/** The result of reading an `Authorization` header. */
export type TokenLookup =
  | { status: 'valid'; subject: Subject; clientId: string }
  | { status: 'expired' }
  | { status: 'unknown' };

const randomToken = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

/** Issued access and refresh tokens, in memory; every time is in epoch seconds from the injected clock. */
export class TokenStore {
  private readonly access = new Map<string, AccessRecord>();
  private readonly refresh = new Map<string, RefreshRecord>();

  constructor(private readonly nowSeconds: () => number) {}

  /** New tokens for a new anonymous visitor. */
  issueVisitor(clientId: string, ttlSeconds: number): TokenResponse {
    return this.issue({ kind: 'visitor', visitorId: randomUUID() }, clientId, ttlSeconds);
  }

  /**
   * New tokens for a subject: a fresh refresh token and an access token that lives `ttlSeconds`; a member's
   * remember the platform session (`sessionToken`) they were minted from.
   */
  issue(subject: Subject, clientId: string, ttlSeconds: number, sessionToken?: string): TokenResponse {
    const refreshToken = randomToken('JWS.');
    this.refresh.set(refreshToken, {
      subject,
      clientId,
      revoked: false,
      ...(sessionToken ? { sessionToken } : {}),
    });
    return this.accessFor(subject, clientId, ttlSeconds, refreshToken);
  }

  /**
   * A new access token for a refresh token; the refresh token itself is kept (WIRE.md 6). Returns a reason
   * when it cannot be used.
   */
  renew(
    refreshToken: string,
    clientId: string,
    ttlSeconds: number,
  ): TokenResponse | 'unknown' | 'revoked' | 'wrong-client' {
    const record = this.refresh.get(refreshToken);
    if (!record) return 'unknown';
    if (record.revoked) return 'revoked';
    if (record.clientId !== clientId) return 'wrong-client';
    return this.accessFor(record.subject, clientId, ttlSeconds, refreshToken);
  }

  /** Reads an access token. */
  lookup(accessToken: string): TokenLookup {
    const record = this.access.get(accessToken);
    if (!record) return { status: 'unknown' };
    if (record.expiresAt <= this.nowSeconds()) return { status: 'expired' };
    return { status: 'valid', subject: record.subject, clientId: record.clientId };
  }

  /** The refresh token an access token was issued from (the sign-out page revokes it). */
  refreshTokenOf(accessToken: string): string | undefined {
    return this.access.get(accessToken)?.refreshToken;
  }

  /** The platform session an access token's sign-in came from, if any. */
  sessionTokenOf(accessToken: string): string | undefined {
    const refreshToken = this.refreshTokenOf(accessToken);
    return refreshToken ? this.refresh.get(refreshToken)?.sessionToken : undefined;
  }

  info(accessToken: string): TokenInfo {
    const record = this.access.get(accessToken);
    if (!record || record.expiresAt <= this.nowSeconds()) return { active: false };
    const { subject } = record;
    return {
      active: true,
      subjectType: subject.kind === 'member' ? 'MEMBER' : 'VISITOR',
      subjectId: subject.kind === 'member' ? subject.memberId : subject.visitorId,
      exp: record.expiresAt,
      iat: record.issuedAt,
      clientId: record.clientId,
    };
  }

  /**
   * Revokes refresh tokens (and the access tokens of the same subject): one token, or every token of a
   * member. Returns how many refresh tokens were revoked.
   */
  revoke(filter: { refreshToken?: string; memberId?: string }): number {
    let count = 0;
    const revokedSubjects: Subject[] = [];
    for (const [token, record] of this.refresh) {
      const matches =
        (filter.refreshToken !== undefined && token === filter.refreshToken) ||
        (filter.memberId !== undefined &&
          record.subject.kind === 'member' &&
          record.subject.memberId === filter.memberId);
      if (matches && !record.revoked) {
        record.revoked = true;
        revokedSubjects.push(record.subject);
        count++;
      }
    }
    const revokedTokens = new Set(
      [...this.refresh].filter(([, record]) => record.revoked).map(([token]) => token),
    );
    for (const [token, record] of this.access) {
      const byMember =
        filter.memberId !== undefined && revokedSubjects.some((s) => sameSubject(s, record.subject));
      if (byMember || revokedTokens.has(record.refreshToken)) this.access.delete(token);
    }
    return count;
  }

  clear(): void {
    this.access.clear();
    this.refresh.clear();
  }

  private accessFor(
    subject: Subject,
    clientId: string,
    ttlSeconds: number,
    refreshToken: string,
  ): TokenResponse {
    const accessToken = randomToken('OauthNG.JWS.');
    const issuedAt = this.nowSeconds();
    this.access.set(accessToken, {
      subject,
      clientId,
      refreshToken,
      issuedAt,
      expiresAt: issuedAt + ttlSeconds,
    });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ttlSeconds,
      refresh_token: refreshToken,
      scope: 'offline_access',
    };
  }
}

function sameSubject(a: Subject, b: Subject): boolean {
  if (a.kind === 'member' && b.kind === 'member') return a.memberId === b.memberId;
  return a.kind === b.kind && a.visitorId === b.visitorId;
}
