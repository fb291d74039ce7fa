import { createElement } from 'react';
import { Button } from '../../ui/button';
import { EmailField } from './fields';
import { checkEmail } from './problems';
import { StepForm } from './step';
import type { ViewProps } from './view';

/** Asks for a link to choose a new password, sent to the account's email and leading back to this page. */
export function ForgotView({ shell }: { shell: ViewProps }) {
  const { t, step } = shell;
  const submit = () =>
    step.run(
      () => [checkEmail(shell.email, t)],
      async () => {
        const failed = await shell.actions().sendPasswordReset(shell.email.trim(), shell.lang);
        if (failed) step.fail(failed);
        else shell.go({ name: 'forgotSent', email: shell.email.trim() });
      },
    );
  return (
    <StepForm
      shell={shell}
      onSubmit={submit}
      submit={t.sendLink}
      submitting={t.sending}
      after={
        <Button className="link" onClick={() => shell.go({ name: 'signIn' })}>
          {t.backToSignIn}
        </Button>
      }
    >
      <p>{t.forgotIntro}</p>
      <EmailField shell={shell} autoComplete="email" />
    </StepForm>
  );
}
