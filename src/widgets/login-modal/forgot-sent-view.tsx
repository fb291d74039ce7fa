import { createElement, Fragment } from 'react';
import { isolate } from '../../ui/bidi';
import { Button } from '../../ui/button';
import { fill } from '../../ui/i18n';
import type { ViewProps } from './view';

/** The link is on its way, said without telling whether the email has an account. */
export function ForgotSentView({ shell, email }: { shell: ViewProps; email: string }) {
  return (
    <>
      {/* The address in its own direction, on an Arabic page too. */}
      <p role="status">{fill(shell.t.forgotSent, { email: isolate(email) })}</p>
      <Button className="primary" onClick={() => shell.go({ name: 'signIn' })}>
        {shell.t.backToSignIn}
      </Button>
    </>
  );
}
