import { Button, Form, InlineLoading, InlineNotification, Stack } from '@carbon/react';
import { PasswordInput, TextInput } from '../../../components/text-fields';
import { ArrowRight, FingerprintRecognition } from '@carbon/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { loginBodySchema } from '@scamtrail/domain/auth';
import { useLogin } from '../api/login';
import { usePasskeyLogin } from '../api/passkey-login';
import { describeLoginError } from './login-error';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

const FAILURE_ID = 'login-failure';

/**
 * Email and password form, and "Sign in with a passkey" below it. On success the session query holds the
 * user and the route redirects. The error notification speaks of the last attempt, whichever it was.
 */
export function LoginForm() {
  const loginMutation = useLogin();
  const passkeyMutation = usePasskeyLogin();
  const isPending = loginMutation.isPending || passkeyMutation.isPending;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const passkeyRef = useRef<HTMLButtonElement>(null);

  // A refused password: Sign in, disabled while it was sent, let go of focus (to <body>). Focus goes to
  // the password, selected so that typing replaces it; the message is announced (role="alert") and
  // read with the field (aria-describedby), as GOV.UK and Carbon advise for a failed sign-in.
  useEffect(() => {
    if (!loginMutation.error) return;
    passwordRef.current?.focus();
    passwordRef.current?.select();
  }, [loginMutation.error]);

  // A cancelled or failed passkey prompt (or a refused passkey): the button, disabled while the prompt
  // ran, let go of focus too. There is no field to correct: focus goes back to the button, which reads
  // the message with its name (aria-describedby), so trying again is one key press.
  useEffect(() => {
    if (passkeyMutation.error) passkeyRef.current?.focus();
  }, [passkeyMutation.error]);

  function submit(event: FormEvent) {
    event.preventDefault();
    // A new attempt: the last one's message no longer applies, whether this one is sent or not.
    loginMutation.reset();
    passkeyMutation.reset();
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setFieldErrors({});
    loginMutation.mutate(parsed.data);
  }

  function signInWithPasskey() {
    setFieldErrors({});
    loginMutation.reset();
    passkeyMutation.mutate();
  }

  const error = loginMutation.error ?? passkeyMutation.error;
  const failure = error ? describeLoginError(error) : null;

  return (
    <Form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap={6}>
        {failure && (
          <InlineNotification
            id={FAILURE_ID}
            role="alert"
            kind="error"
            title={failure.title}
            subtitle={failure.subtitle}
            lowContrast
            hideCloseButton
          />
        )}
        <TextInput
          id="login-email"
          ref={emailRef}
          name="email"
          type="email"
          labelText="Email"
          autoComplete="username"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldErrors((errors) => ({ ...errors, email: undefined }));
          }}
          invalid={Boolean(fieldErrors.email)}
          invalidText={fieldErrors.email}
        />
        <PasswordInput
          id="login-password"
          ref={passwordRef}
          name="password"
          labelText="Password"
          autoComplete="current-password"
          aria-describedby={failure ? FAILURE_ID : undefined}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setFieldErrors((errors) => ({ ...errors, password: undefined }));
          }}
          invalid={Boolean(fieldErrors.password)}
          invalidText={fieldErrors.password}
        />
        <Button
          type="submit"
          className="login-form__submit"
          renderIcon={loginMutation.isPending ? undefined : ArrowRight}
          disabled={isPending}
        >
          {loginMutation.isPending ? <InlineLoading description="Signing in..." /> : 'Sign in'}
        </Button>
        <Button
          ref={passkeyRef}
          kind="tertiary"
          className="login-form__submit"
          aria-describedby={passkeyMutation.error ? FAILURE_ID : undefined}
          renderIcon={passkeyMutation.isPending ? undefined : FingerprintRecognition}
          disabled={isPending}
          onClick={signInWithPasskey}
        >
          {passkeyMutation.isPending ? (
            <InlineLoading description="Waiting for your passkey..." />
          ) : (
            'Sign in with a passkey'
          )}
        </Button>
      </Stack>
    </Form>
  );
}
