import { createElement } from 'react';
import { Button } from '../../ui/button';
import { EmailField } from './fields';
import { checkEmail } from './problems';
import { StepForm } from './step';
import type { ViewProps } from './view';

/** Asks for a link to choose a new password, sent to the account's email and leading back to this page. */
export function ForgotView({ v }: { v: ViewProps }) {
  const { t, step } = v;
  const submit = () =>
    step.run(
      () => checkEmail(v.email, t),
      async () => {
        const failed = await v.actions().sendPasswordReset(v.email.trim(), v.lang);
        if (failed) step.fail(failed);
        else v.go({ name: 'forgotSent', email: v.email.trim() });
      },
    );
  return (
    <StepForm
      v={v}
      onSubmit={submit}
      submit={t.sendLink}
      submitting={t.sending}
      after={
        <Button className="link" onClick={() => v.go({ name: 'signIn' })}>
          {t.backToSignIn}
        </Button>
      }
    >
      <p>{t.forgotIntro}</p>
      <EmailField v={v} autoComplete="email" />
    </StepForm>
  );
}
