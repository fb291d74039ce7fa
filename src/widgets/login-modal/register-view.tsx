import { createElement, Fragment, useState } from 'react';
import { Button } from '../../ui/button';
import { EmailField, TextField } from './fields';
import { checkEmail, checkRequired } from './problems';
import { StepForm } from './step';
import type { ViewProps } from './view';

/** A new account: email, password and the name shown to others. */
export function RegisterView({ shell }: { shell: ViewProps }) {
  const { t, step } = shell;
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const submit = () =>
    step.run(
      () =>
        checkEmail(shell.email, t) ??
        checkRequired(password, 'password', t) ??
        checkRequired(nickname.trim(), 'nickname', t),
      async () =>
        step.follow(
          await shell
            .actions()
            .register({ email: shell.email.trim(), password, profile: { nickname: nickname.trim() } }),
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
