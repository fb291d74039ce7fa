import { createElement, Fragment, useState } from 'react';
import { Button } from '../../ui/button';
import { EmailField, TextField } from './fields';
import { checkEmail, checkRequired } from './problems';
import { StepForm } from './step';
import type { ViewProps } from './view';

/** Email and password; the ways to a forgotten password and to a new account. */
export function SignInView({ shell }: { shell: ViewProps }) {
  const { t, step } = shell;
  const [password, setPassword] = useState('');
  const submit = () =>
    step.run(
      () => [checkEmail(shell.email, t), checkRequired(password, 'password', t)],
      async () => step.follow(await shell.actions().login({ email: shell.email.trim(), password })),
    );
  return (
    <>
      <StepForm shell={shell} onSubmit={submit} submit={t.signIn} submitting={t.signingIn}>
        <EmailField shell={shell} autoComplete="username" />
        <TextField
          shell={shell}
          field="password"
          label={t.password}
          value={password}
          onInput={setPassword}
          autoComplete="current-password"
          toggle
        />
        <Button className="link" onClick={() => shell.go({ name: 'forgot' })}>
          {t.forgot}
        </Button>
      </StepForm>
      <p className="switch">
        {t.noAccount}{' '}
        <Button className="link" onClick={() => shell.go({ name: 'register' })}>
          {t.createAccount}
        </Button>
      </p>
    </>
  );
}
