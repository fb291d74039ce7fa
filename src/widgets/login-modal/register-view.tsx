import { createElement, Fragment, useState } from 'react';
import { Button } from '../../ui/button';
import { EmailField, TextField } from './fields';
import { checkEmail, checkRequired } from './problems';
import { StepForm } from './step';
import type { ViewProps } from './view';

/** A new account: email, password and the name shown to others. */
export function RegisterView({ v }: { v: ViewProps }) {
  const { t, step } = v;
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const submit = () =>
    step.run(
      () =>
        checkEmail(v.email, t) ??
        checkRequired(password, 'password', t) ??
        checkRequired(nickname.trim(), 'nickname', t),
      async () =>
        step.follow(
          await v
            .actions()
            .register({ email: v.email.trim(), password, profile: { nickname: nickname.trim() } }),
        ),
    );
  return (
    <>
      <StepForm v={v} onSubmit={submit} submit={t.register} submitting={t.registering}>
        <EmailField v={v} autoComplete="email" />
        <TextField
          v={v}
          field="password"
          label={t.password}
          value={password}
          onInput={setPassword}
          autoComplete="new-password"
          toggle
        />
        <TextField
          v={v}
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
        <Button className="link" onClick={() => v.go({ name: 'signIn' })}>
          {t.signIn}
        </Button>
      </p>
    </>
  );
}
