import { createElement, Fragment } from 'react';
import { Button } from '../../ui/button';
import { fill } from '../../ui/i18n';
import type { ViewProps } from './view';

/** The link is on its way, said without telling whether the email has an account. */
export function ForgotSentView({ shell, email }: { shell: ViewProps; email: string }) {
  return (
    <>
      {/* The address isolated (U+2068…U+2069), read in its own direction on an Arabic page too. */}
      <p role="status">{fill(shell.t.forgotSent, { email: `\u2068${email}\u2069` })}</p>
      <Button className="primary" onClick={() => shell.go({ name: 'signIn' })}>
        {shell.t.backToSignIn}
      </Button>
    </>
  );
}
