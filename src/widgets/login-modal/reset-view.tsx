import { createElement, useState } from 'react';
import { Button } from '../../ui/button';
import { TextField } from './fields';
import { checkRequired } from './problems';
import { StepForm } from './step';
import type { ViewProps } from './view';

/** A new password with the emailed link's token; it signs the member in. */
export function ResetView({ v, recoveryToken }: { v: ViewProps; recoveryToken: string }) {
  const { t, step } = v;
  const [password, setPassword] = useState('');
  const submit = () =>
    step.run(
      () => checkRequired(password, 'password', t),
      async () => step.follow(await v.actions().resetPassword(recoveryToken, password)),
    );
  return (
    <StepForm
      v={v}
      onSubmit={submit}
      submit={t.savePassword}
      submitting={t.saving}
      after={
        <Button className="link" onClick={() => v.go({ name: 'forgot' })}>
          {t.newLink}
        </Button>
      }
    >
      <p>{t.resetIntro}</p>
      <TextField
        v={v}
        field="password"
        label={t.newPassword}
        value={password}
        onInput={setPassword}
        autoComplete="new-password"
        toggle
        inputRef={v.first}
      />
    </StepForm>
  );
}
