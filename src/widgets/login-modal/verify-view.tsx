import { createElement, Fragment, useState } from 'react';
import { isolate } from '../../ui/bidi';
import { Button } from '../../ui/button';
import { fill } from '../../ui/i18n';
import { TextField } from './fields';
import { StepForm } from './step';
import type { ViewProps } from './view';

/** The 6-digit code emailed to a new member (EMAIL_VERIFICATION_REQUIRED), and a way to have it sent again. */
export function VerifyView({ shell, email }: { shell: ViewProps; email: string }) {
  const { t, step } = shell;
  const [code, setCode] = useState('');
  const [status, setStatus] = useState('');
  // The address in its own direction, on an Arabic page too (not "noor-" at one end and its digits at the other).
  const isolated = isolate(email);
  const submit = () => {
    setStatus('');
    return step.run(
      () => [/^\d{6}$/.test(code.trim()) ? null : { field: 'code', message: t.codeInvalid }],
      async () => step.follow(await shell.actions().verifyEmail(code.trim())),
    );
  };
  const resend = () => {
    setStatus('');
    return step.run(
      () => [],
      async () => {
        const failed = await shell.actions().resendCode();
        if (failed) step.fail(failed);
        else setStatus(fill(t.resent, { email: isolated }));
      },
    );
  };
  return (
    <>
      <StepForm
        shell={shell}
        onSubmit={submit}
        submit={t.verify}
        submitting={t.verifying}
        after={
          <Button className="link" blocked={step.busy} onClick={resend}>
            {t.resend}
          </Button>
        }
      >
        <p>{fill(t.verifyIntro, { email: isolated })}</p>
        <TextField
          shell={shell}
          field="code"
          label={t.code}
          value={code}
          onInput={setCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          inputRef={shell.first}
        />
      </StepForm>
      {status ? (
        <p className="status" role="status">
          {status}
        </p>
      ) : null}
    </>
  );
}
