import { createElement, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
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
import type { Step, View, ViewProps } from './view';

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

type LoginModalProps = {
  context: WidgetContext;
  t: LoginStrings;
  intent: LoginIntent;
  /** The person asks to close it (or is signed in): the store closes it, unless its owner decides. */
  onClose?: (() => void) | undefined;
};

/**
 * The login modal's shell: the dialog, its title and close button, and the view on show (sign in, register,
 * the emailed code, the owner's approval, forgotten and reset passwords). The steps are store actions; a
 * SUCCESS has been completed by the store's silent sign-in when it arrives here, and the modal closes.
 */
export function LoginModal({ context, t, intent, onClose }: LoginModalProps) {
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
  const close = onClose ?? (() => store.getState().closeLogin());
  const step = useStep({ t, id, view, email, container: box, onSignedIn: close, go });

  useFocusOnNewView(view.name, first, heading);

  function go(next: View) {
    step.clear();
    setView(next);
  }

  const { hosted, onAction } = waysForward(store, step, go);

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
        {/* A view's title is its name's `…Title` text (signInTitle, forgotSentTitle, …). */}
        <ModalHeader
          id={`${id}-title`}
          heading={heading}
          title={t[`${view.name}Title`]}
          t={t}
          close={close}
        />
        <div className="modal-body">
          {/* A view's own elements: nothing (a focused button, a typed value) carries over to the next. */}
          <div key={view.name} className="view">
            <Body {...view} shell={shell} />
          </div>
          {/* The platform's own login page, where the site asks for it (a sign-in that fails offers it anyway). */}
          {config.hostedLoginLink && (view.name === 'signIn' || view.name === 'register') ? (
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

/** A new view: its first field (or its title) gets the focus. */
function useFocusOnNewView(
  name: View['name'],
  first: RefObject<HTMLInputElement | null>,
  heading: RefObject<HTMLHeadingElement | null>,
) {
  const shown = useRef(name);
  // (The refs never change: it runs when the view does.)
  useEffect(() => {
    if (shown.current === name) return;
    shown.current = name;
    (first.current ?? heading.current)?.focus();
  }, [name, first, heading]);
}

/** The view's title and the close button. */
function ModalHeader(props: {
  id: string;
  heading: RefObject<HTMLHeadingElement | null>;
  title: string;
  t: LoginStrings;
  close(): void;
}) {
  return (
    <header className="modal-header" part="header">
      <h2 id={props.id} ref={props.heading} tabIndex={-1}>
        {props.title}
      </h2>
      <button type="button" className="icon" aria-label={props.t.close} onClick={props.close} part="close">
        ×
      </button>
    </header>
  );
}

/** A message's way forward: the hosted login page, or the view of that name (forgot, signIn). */
function waysForward(store: WidgetContext['store'], step: Step, go: (next: View) => void) {
  async function hosted() {
    const failed = await store.getState().startHostedLogin();
    if (failed) step.fail(failed);
  }
  const onAction = (action: FieldMessage['action']) => {
    if (action === 'hosted') void hosted();
    else if (action) go({ name: action });
  };
  return { hosted, onAction };
}
