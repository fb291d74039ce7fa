import { createElement, Fragment, useState } from 'react';
import { Button } from '../../ui/button';
import { EmailField, TextField } from './fields';
import { checkEmail, checkRequired } from './problems';
import { StepForm } from './step';
import type { ViewProps } from './view';

/** Email and password; the ways to a forgotten password and to a new account. */
export function SignInView({ v }: { v: ViewProps }) {
  const { t, step } = v;
  const [password, setPassword] = useState('');
  const submit = () =>
    step.run(
      () => checkEmail(v.email, t) ?? checkRequired(password, 'password', t),
      async () => step.follow(await v.actions().login({ email: v.email.trim(), password })),
    );
  return (
    <>
      <StepForm v={v} onSubmit={submit} submit={t.signIn} submitting={t.signingIn}>
        <EmailField v={v} autoComplete="username" />
        <TextField
          v={v}
          field="password"
          label={t.password}
          value={password}
          onInput={setPassword}
          autoComplete="current-password"
          toggle
        />
        <Button className="link" onClick={() => v.go({ name: 'forgot' })}>
          {t.forgot}
        </Button>
      </StepForm>
      <p className="switch">
        {t.noAccount}{' '}
        <Button className="link" onClick={() => v.go({ name: 'register' })}>
          {t.createAccount}
        </Button>
      </p>
    </>
  );
}
