import {
  createElement,
  Fragment,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { LoginResult } from '../../auth/login-state';
import type { SignInStep } from '../../store/sign-in-actions';
import type { LoginIntent, Problem as StoreProblem } from '../../store/store';
import { Button } from '../../ui/button';
import { useModalDialog } from '../../ui/dialog';
import { fill } from '../../ui/i18n';
import type { WidgetContext } from '../../ui/lazy-element';
import type { LoginStrings } from './strings';

type Field = 'email' | 'password' | 'nickname' | 'code' | 'form';

/** One message for the person, next to the field it concerns, with a way forward where there is one. */
interface Problem {
  field: Field;
  message: string;
  hint?: string;
  action?: 'forgot' | 'signIn' | 'hosted';
}

type View =
  | { name: 'signIn' }
  | { name: 'register' }
  | { name: 'verify'; email: string }
  | { name: 'approval' }
  | { name: 'forgot' }
  | { name: 'forgotSent'; email: string }
  | { name: 'reset'; recoveryToken: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The server's field paths, as the form's fields. */
const FIELD_OF: Record<string, Field> = {
  email: 'email',
  'loginId.email': 'email',
  password: 'password',
  'profile.nickname': 'nickname',
  nickname: 'nickname',
  code: 'code',
  verificationCode: 'code',
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A FAILURE as what the person reads: the server's own words, at the field they concern, and a hint. */
function problemOf(
  result: Extract<LoginResult, { loginState: 'FAILURE' }>,
  t: LoginStrings,
  /** Where a message without a field of its own goes (the code field of the code view). */
  fallback: Field = 'form',
): Problem {
  const [path, description] = Object.entries(result.fields ?? {})[0] ?? [];
  if (path && description && FIELD_OF[path]) {
    return { field: FIELD_OF[path] as Field, message: capital(description) };
  }
  switch (result.errorCode) {
    case 'invalidPassword':
      // The view's own "Forgot password?" is right below: no second one in the message.
      return { field: 'password', message: result.error, hint: t.invalidPasswordHint };
    case 'resetPassword':
      return { field: 'password', message: result.error, hint: t.resetPasswordHint };
    case 'emailAlreadyExists':
      return { field: 'email', message: result.error, hint: t.emailAlreadyExistsHint, action: 'signIn' };
    case 'invalidEmail':
      return { field: 'email', message: result.error };
    case 'missingCaptchaToken':
    case 'invalidCaptchaToken':
      return { field: 'form', message: result.error, hint: t.captchaHint };
    default:
      return { field: fallback, message: result.error };
  }
}

/** A step that could not be made (the network, the silent sign-in, the hosted page) as a form-level message. */
function stepProblem(problem: StoreProblem, t: LoginStrings): Problem {
  if (problem.key === 'networkError') return { field: 'form', message: t.networkError };
  // The silent sign-in refused, failed its exchange or timed out: the hosted page is the way on.
  if (problem.key === 'silentFailed' || problem.key === 'hostedFailed')
    return {
      field: 'form',
      message: t[problem.key],
      ...(problem.detail ? { hint: problem.detail } : {}),
      action: 'hosted',
    };
  return { field: 'form', message: problem.detail ?? problem.key };
}

const TITLES: Record<View['name'], keyof LoginStrings> = {
  signIn: 'signInTitle',
  register: 'registerTitle',
  verify: 'verifyTitle',
  approval: 'approvalTitle',
  forgot: 'forgotTitle',
  forgotSent: 'forgotSentTitle',
  reset: 'resetTitle',
};

function initialView(intent: LoginIntent): View {
  return intent.view === 'reset'
    ? { name: 'reset', recoveryToken: intent.recoveryToken }
    : { name: intent.view };
}

function ErrorText({
  id,
  problem,
  t,
  onAction,
}: {
  id: string;
  problem: Problem;
  t: LoginStrings;
  onAction: (a: Problem['action']) => void;
}) {
  const label =
    problem.action === 'forgot'
      ? t.forgot
      : problem.action === 'signIn'
        ? t.backToSignIn
        : problem.action === 'hosted'
          ? t.hosted
          : '';
  return (
    <div className={problem.field === 'form' ? 'banner' : 'field-error'} id={id} role="alert" part="error">
      <p>{problem.message}</p>
      {problem.hint ? <p className="hint">{problem.hint}</p> : null}
      {problem.action ? (
        <button type="button" className="link" onClick={() => onAction(problem.action)}>
          {label}
        </button>
      ) : null}
    </div>
  );
}

interface FieldProps {
  id: string;
  label: string;
  type?: 'email' | 'text';
  value: string;
  onInput: (value: string) => void;
  autoComplete: string;
  problem: Problem | null;
  field: Field;
  t: LoginStrings;
  onAction: (a: Problem['action']) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  inputMode?: 'numeric' | 'email' | 'text';
  maxLength?: number;
  toggle?: boolean;
}

function TextField(props: FieldProps) {
  const [visible, setVisible] = useState(false);
  const errorId = `${props.id}-error`;
  const mine = props.problem?.field === props.field ? props.problem : null;
  const type = props.toggle ? (visible ? 'text' : 'password') : (props.type ?? 'text');
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <div className={props.toggle ? 'with-toggle' : undefined}>
        <input
          id={props.id}
          ref={props.inputRef}
          type={type as 'text' /* one of text, email, password */}
          value={props.value}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          required
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={mine ? 'true' : undefined}
          aria-describedby={mine ? errorId : undefined}
          onChange={(e) => props.onInput((e.currentTarget as HTMLInputElement).value)}
        />
        {props.toggle ? (
          <button
            type="button"
            className="toggle"
            aria-pressed={visible}
            aria-label={visible ? props.t.hidePassword : props.t.showPassword}
            onClick={() => setVisible(!visible)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                fill="none"
                stroke="currentColor"
                stroke-width="2"
                d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z"
              />
              {visible ? <path stroke="currentColor" stroke-width="2" d="M4 4l16 16" /> : null}
            </svg>
          </button>
        ) : null}
      </div>
      {mine ? <ErrorText id={errorId} problem={mine} t={props.t} onAction={props.onAction} /> : null}
    </div>
  );
}

/**
 * The login modal: sign in, register, the emailed code, the owner's approval, forgotten and reset passwords.
 * A SUCCESS runs the silent sign-in through the hidden iframe; the session then tells the whole page.
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
  const actions = store.getState();
  const [view, setView] = useState<View>(() => initialView(intent));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [status, setStatus] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const close = () => store.getState().closeLogin();
  useModalDialog(dialog, { onClose: close, initialFocus: first });

  // A new view: its first field (or its title) gets the focus, and old messages go.
  const shown = useRef(view.name);
  useEffect(() => {
    if (shown.current === view.name) return;
    shown.current = view.name;
    (first.current ?? heading.current)?.focus();
  }, [view.name]);

  const go = (next: View) => {
    setProblem(null);
    setStatus('');
    setView(next);
  };

  const onAction = (action: Problem['action']) => {
    if (action === 'forgot') go({ name: 'forgot' });
    else if (action === 'signIn') go({ name: 'signIn' });
    else if (action === 'hosted') void hosted();
  };

  async function hosted() {
    const failed = await actions.startHostedLogin();
    if (failed) setProblem(stepProblem(failed, t));
  }

  /** Where a sign-in step leads: signed in and closed, or the next view, or a message. */
  function follow(result: SignInStep) {
    if (result.loginState === 'SUCCESS') {
      close();
    } else if (result.loginState === 'ERROR') {
      setProblem(stepProblem(result.problem, t));
    } else if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
      setCode('');
      go({ name: 'verify', email: email.trim() });
    } else if (result.loginState === 'OWNER_APPROVAL_REQUIRED') {
      go({ name: 'approval' });
    } else {
      setProblem(problemOf(result, t, view.name === 'verify' ? 'code' : 'form'));
    }
  }

  /** Runs a step with the busy state on, catching what is thrown as a message. */
  async function run(check: () => Problem | null, step: () => Promise<void>) {
    if (busy) return;
    const invalid = check();
    setProblem(invalid);
    setStatus('');
    if (invalid) {
      focusField(invalid.field);
      return;
    }
    setBusy(true);
    try {
      await step();
    } finally {
      setBusy(false);
    }
  }

  function focusField(field: Field) {
    const input = dialog.current?.querySelector<HTMLInputElement>(`#${CSS.escape(`${id}-${field}`)}`);
    input?.focus();
  }

  const checkEmail = (): Problem | null =>
    !email.trim()
      ? { field: 'email', message: t.required }
      : EMAIL.test(email.trim())
        ? null
        : { field: 'email', message: t.emailInvalid };
  const checkPassword = (): Problem | null => (password ? null : { field: 'password', message: t.required });

  const field = (name: Field, props: Omit<FieldProps, 'id' | 'field' | 'problem' | 't' | 'onAction'>) => (
    <TextField {...props} id={`${id}-${name}`} field={name} problem={problem} t={t} onAction={onAction} />
  );
  const formProblem =
    problem?.field === 'form' ? (
      <ErrorText id={`${id}-form-error`} problem={problem} t={t} onAction={onAction} />
    ) : null;
  const submit = (label: string, busyLabel: string) => (
    <Button type="submit" className="primary" blocked={busy} part="submit">
      {busy ? busyLabel : label}
    </Button>
  );
  // A plain function, not a component: a component made during render would remount the fields each time.
  const form = (onSubmit: () => void, children: ReactNode) => (
    <form
      noValidate
      aria-busy={busy ? 'true' : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );

  let body: ReactNode;
  switch (view.name) {
    case 'signIn':
      body = (
        <>
          {form(
            () =>
              run(
                () => checkEmail() ?? checkPassword(),
                async () => follow(await actions.login({ email: email.trim(), password })),
              ),
            <>
              {field('email', {
                label: t.email,
                type: 'email',
                value: email,
                onInput: setEmail,
                autoComplete: 'username',
                inputMode: 'email',
                inputRef: first,
              })}
              {field('password', {
                label: t.password,
                value: password,
                onInput: setPassword,
                autoComplete: 'current-password',
                toggle: true,
              })}
              <button type="button" className="link" onClick={() => go({ name: 'forgot' })}>
                {t.forgot}
              </button>
              {formProblem}
              {submit(t.signIn, t.signingIn)}
            </>,
          )}
          <p className="switch">
            {t.noAccount}{' '}
            <button type="button" className="link" onClick={() => go({ name: 'register' })}>
              {t.createAccount}
            </button>
          </p>
        </>
      );
      break;
    case 'register':
      body = (
        <>
          {form(
            () =>
              run(
                () =>
                  checkEmail() ??
                  checkPassword() ??
                  (nickname.trim() ? null : { field: 'nickname', message: t.required }),
                async () =>
                  follow(
                    await actions.register({
                      email: email.trim(),
                      password,
                      profile: { nickname: nickname.trim() },
                    }),
                  ),
              ),
            <>
              {field('email', {
                label: t.email,
                type: 'email',
                value: email,
                onInput: setEmail,
                autoComplete: 'email',
                inputMode: 'email',
                inputRef: first,
              })}
              {field('password', {
                label: t.password,
                value: password,
                onInput: setPassword,
                autoComplete: 'new-password',
                toggle: true,
              })}
              {field('nickname', {
                label: t.nickname,
                value: nickname,
                onInput: setNickname,
                autoComplete: 'nickname',
                maxLength: 100,
              })}
              {formProblem}
              {submit(t.register, t.registering)}
            </>,
          )}
          <p className="switch">
            {t.haveAccount}{' '}
            <button type="button" className="link" onClick={() => go({ name: 'signIn' })}>
              {t.signIn}
            </button>
          </p>
        </>
      );
      break;
    case 'verify':
      body = form(
        () =>
          run(
            () => (/^\d{6}$/.test(code.trim()) ? null : { field: 'code', message: t.codeInvalid }),
            async () => follow(await actions.verifyEmail(code.trim())),
          ),
        <>
          <p>{fill(t.verifyIntro, { email: view.email })}</p>
          {field('code', {
            label: t.code,
            value: code,
            onInput: setCode,
            autoComplete: 'one-time-code',
            inputMode: 'numeric',
            maxLength: 6,
            inputRef: first,
          })}
          {formProblem}
          {submit(t.verify, t.verifying)}
          <Button
            className="link"
            blocked={busy}
            onClick={() =>
              run(
                () => null,
                async () => {
                  const failed = await actions.resendCode();
                  if (failed) setProblem(stepProblem(failed, t));
                  else setStatus(fill(t.resent, { email: view.email }));
                },
              )
            }
          >
            {t.resend}
          </Button>
        </>,
      );
      break;
    case 'approval':
      body = (
        <>
          <p>{t.approvalText}</p>
          <button type="button" className="primary" onClick={close}>
            {t.done}
          </button>
        </>
      );
      break;
    case 'forgot':
      body = form(
        () =>
          run(checkEmail, async () => {
            const failed = await actions.sendPasswordReset(email.trim(), config.lang);
            if (failed) setProblem(stepProblem(failed, t));
            else go({ name: 'forgotSent', email: email.trim() });
          }),
        <>
          <p>{t.forgotIntro}</p>
          {field('email', {
            label: t.email,
            type: 'email',
            value: email,
            onInput: setEmail,
            autoComplete: 'email',
            inputMode: 'email',
            inputRef: first,
          })}
          {formProblem}
          {submit(t.sendLink, t.sending)}
          <button type="button" className="link" onClick={() => go({ name: 'signIn' })}>
            {t.backToSignIn}
          </button>
        </>,
      );
      break;
    case 'forgotSent':
      body = (
        <>
          <p role="status">{fill(t.forgotSent, { email: view.email })}</p>
          <button type="button" className="primary" onClick={() => go({ name: 'signIn' })}>
            {t.backToSignIn}
          </button>
        </>
      );
      break;
    case 'reset':
      body = form(
        () =>
          run(checkPassword, async () => follow(await actions.resetPassword(view.recoveryToken, password))),
        <>
          <p>{t.resetIntro}</p>
          {field('password', {
            label: t.newPassword,
            value: password,
            onInput: setPassword,
            autoComplete: 'new-password',
            toggle: true,
            inputRef: first,
          })}
          {formProblem}
          {submit(t.savePassword, t.saving)}
          <button type="button" className="link" onClick={() => go({ name: 'forgot' })}>
            {t.newLink}
          </button>
        </>,
      );
      break;
  }

  const title = t[TITLES[view.name]];
  return (
    // The backdrop closes on a press outside the modal; keyboard users have Escape and the close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop, not a control
    <div
      className="overlay"
      part="overlay"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        part="modal"
        data-view={view.name}
        tabIndex={-1}
      >
        <header className="modal-header" part="header">
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
            {title}
          </h2>
          <button type="button" className="icon" aria-label={t.close} onClick={close} part="close">
            ×
          </button>
        </header>
        <div className="modal-body">
          {/* A view's own elements: nothing (a focused button, a typed value) carries over to the next. */}
          <div key={view.name} className="view">
            {body}
          </div>
          <p className="sf-visually-hidden" role="status" aria-live="polite">
            {busy ? '…' : ''}
          </p>
          {status ? (
            <p className="status" role="status">
              {status}
            </p>
          ) : null}
          {view.name === 'signIn' || view.name === 'register' ? (
            <p className="hosted">
              <button type="button" className="link" onClick={() => void hosted()}>
                {t.hosted}
              </button>
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
