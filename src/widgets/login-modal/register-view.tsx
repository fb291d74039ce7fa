import { createElement, Fragment, useState } from 'react';
import { Button } from '../../ui/button';
import { EmailField, TextField } from './fields';
import { checkEmail, checkRequired, passwordRule } from './problems';
import { StepForm } from './step';
import type { ViewProps } from './view';

/**
 * A new account: email and password, and the name shown to others if she gives one (else the platform's: her
 * email's first part).
 */
export function RegisterView({ shell }: { shell: ViewProps }) {
  const { t, step } = shell;
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const submit = () =>
    step.run(
      () => [checkEmail(shell.email, t), checkRequired(password, 'password', t)],
      async () =>
        step.follow(
          await shell.actions().register({
            email: shell.email.trim(),
            password,
            ...(nickname.trim() ? { profile: { nickname: nickname.trim() } } : {}),
          }),
        ),
    );
  return (
    <>
      <StepForm shell={shell} onSubmit={submit} submit={t.register} submitting={t.registering}>
        <EmailField shell={shell} autoComplete="email" />
        <TextField
          shell={shell}
          field="password"
          label={t.password}
          value={password}
          onInput={setPassword}
          autoComplete="new-password"
          description={passwordRule(t)}
          toggle
        />
        <TextField
          shell={shell}
          field="nickname"
          label={t.nickname}
          value={nickname}
          onInput={setNickname}
          autoComplete="nickname"
          maxLength={100}
        />
      </StepForm>
      <p className="switch">
        {t.haveAccount}{' '}
        <Button className="link" onClick={() => shell.go({ name: 'signIn' })}>
          {t.signIn}
        </Button>
      </p>
    </>
  );
}
