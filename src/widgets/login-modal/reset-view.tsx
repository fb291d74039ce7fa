import { createElement, useState } from 'react';
import { Button } from '../../ui/button';
import { TextField } from './fields';
import { checkRequired, passwordRule } from './problems';
import { StepForm } from './step';
import type { ViewProps } from './view';

/** A new password with the emailed link's token; it signs the member in. */
export function ResetView({ shell, recoveryToken }: { shell: ViewProps; recoveryToken: string }) {
  const { t, step } = shell;
  const [password, setPassword] = useState('');
  const submit = () =>
    step.run(
      () => [checkRequired(password, 'password', t)],
      async () => step.follow(await shell.actions().resetPassword(recoveryToken, password)),
    );
  return (
    <StepForm
      shell={shell}
      onSubmit={submit}
      submit={t.savePassword}
      submitting={t.saving}
      after={
        <Button className="link" onClick={() => shell.go({ name: 'forgot' })}>
          {t.newLink}
        </Button>
      }
    >
      <p>{t.resetIntro}</p>
      <TextField
        shell={shell}
        field="password"
        label={t.newPassword}
        value={password}
        onInput={setPassword}
        autoComplete="new-password"
        description={passwordRule(t)}
        toggle
        inputRef={shell.first}
      />
    </StepForm>
  );
}
