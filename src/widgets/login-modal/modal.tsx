import { createElement, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { LoginIntent } from '../../store/store';
import { Button } from '../../ui/button';
import type { WidgetContext } from '../../ui/lazy-element';
import { ModalDialog } from '../../ui/modal-dialog';
import { ApprovalView } from './approval-view';
import { ForgotSentView } from './forgot-sent-view';
import { ForgotView } from './forgot-view';
import type { FieldMessage } from './problems';
import { RegisterView } from './register-view';
import { ResetView } from './reset-view';
import { SignInView } from './sign-in-view';
import { useStep } from './step';
import type { LoginStrings } from './strings';
import { VerifyView } from './verify-view';
import type { View, ViewProps } from './view';

/** A view's component: it gets the shell's props and what its view carries (an email, a token). */
type ViewComponent<V extends View> = (props: V & { shell: ViewProps }) => ReactNode;

const VIEWS: { [Name in View['name']]: ViewComponent<Extract<View, { name: Name }>> } = {
  signIn: SignInView,
  register: RegisterView,
  verify: VerifyView,
  approval: ApprovalView,
  forgot: ForgotView,
  forgotSent: ForgotSentView,
  reset: ResetView,
};

/**
 * The login modal's shell: the dialog, its title and close button, and the view on show (sign in, register,
 * the emailed code, the owner's approval, forgotten and reset passwords). The steps are store actions; a
 * SUCCESS has been completed by the store's silent sign-in when it arrives here, and the modal closes.
 */
export function LoginModal({
  context,
  t,
  intent,
}: {
  context: WidgetContext;
  t: LoginStrings;
  intent: LoginIntent;
}) {
  const { store, config } = context;
  // The view the modal was opened on (a reset link's carries its token).
  const [view, setView] = useState<View>(() =>
    intent.view === 'reset' ? { name: 'reset', recoveryToken: intent.recoveryToken } : { name: intent.view },
  );
  const [email, setEmail] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const close = () => store.getState().closeLogin();
  const step = useStep({ t, id, view, email, container: box, onSignedIn: close, go });

  // A new view: its first field (or its title) gets the focus.
  const shown = useRef(view.name);
  useEffect(() => {
    if (shown.current === view.name) return;
    shown.current = view.name;
    (first.current ?? heading.current)?.focus();
  }, [view.name]);

  function go(next: View) {
    step.setProblem(null);
    setView(next);
  }

  async function hosted() {
    const failed = await store.getState().startHostedLogin();
    if (failed) step.fail(failed);
  }

  // A message's way forward: the hosted page, or the view of that name (forgot, signIn).
  const onAction = (action: FieldMessage['action']) => {
    if (action === 'hosted') void hosted();
    else if (action) go({ name: action });
  };

  // The view on show, with what it carries.
  const Body = VIEWS[view.name] as ViewComponent<View>;
  const shell: ViewProps = {
    t,
    actions: store.getState,
    lang: config.lang,
    id,
    email,
    setEmail,
    first,
    go,
    close,
    onAction,
    step,
  };
  return (
    // A press outside the box closes it; keyboard users have Escape and the close button.
    <ModalDialog
      labelledBy={`${id}-title`}
      onClose={close}
      initialFocus={first}
      className="overlay"
      part="overlay"
    >
      <div ref={box} className="modal" part="modal" data-view={view.name}>
        <header className="modal-header" part="header">
          {/* A view's title is its name's `…Title` text (signInTitle, forgotSentTitle, …). */}
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
            {t[`${view.name}Title`]}
          </h2>
          <button type="button" className="icon" aria-label={t.close} onClick={close} part="close">
            ×
          </button>
        </header>
        <div className="modal-body">
          {/* A view's own elements: nothing (a focused button, a typed value) carries over to the next. */}
          <div key={view.name} className="view">
            <Body {...view} shell={shell} />
          </div>
          {view.name === 'signIn' || view.name === 'register' ? (
            <p className="hosted">
              <Button className="link" onClick={() => void hosted()}>
                {t.hosted}
              </Button>
            </p>
          ) : null}
        </div>
      </div>
    </ModalDialog>
  );
}
