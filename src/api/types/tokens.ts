/** The answer of `POST /oauth2/token` (WIRE.md 6). */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  token_type?: string;
  scope?: string;
}

/** The answer of `POST /oauth2/token-info`. */
export interface TokenInfo {
  active: boolean;
  subjectType?: 'VISITOR' | 'MEMBER' | 'USER' | 'APP';
  subjectId?: string;
  exp?: number;
  iat?: number;
  clientId?: string;
  siteId?: string;
}
