import { Button, InlineLoading, InlineNotification, Stack } from '@carbon/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buildLoginPath, fullPath } from '../../../lib/redirect';
import { useSession } from '../../../lib/session';
import { useDecideDeviceAuthorization, type Decision } from '../api/decide-device-authorization';
import { useFindDeviceAuthorization } from '../api/find-device-authorization';
import { DeviceCodeForm } from '../components/device-code-form';
import { DeviceRequestReview } from '../components/device-request-review';
import '../components/device-authorization.scss';
import { useLiveSearchParams } from '../../../lib/use-live-search-params';

/**
 * Device Authorization (/auth/device): where a signed-in user approves or denies a device sign-in
 * (RFC 8628) by the code the device shows, typed or filled in from `?user_code=`. The route needs no
 * sign-in (the specification's "no login"): someone not signed in sees the page, with a button that
 * signs them in and brings them back here, code and all.
 */
export function DeviceAuthorizationRoute() {
  const { status } = useSession();
  const location = useLocation();
  const [searchParams] = useLiveSearchParams();
  const lookup = useFindDeviceAuthorization();
  const decide = useDecideDeviceAuthorization();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const linkCode = searchParams.get('user_code') ?? '';
  // Set by "Enter another code": the code of the link is the one just dealt with, not another.
  const [isStartedAgain, setStartedAgain] = useState(false);
  const request = lookup.data;
  const decision = decide.data;
  const step = decision ? 'done' : request ? 'review' : 'code';

  const isSignedIn = status === 'authenticated';
  const hasLinkCode = linkCode !== '';
  // Opened, the page's one field takes focus, or, with the code filled in from the link, Continue.
  // Each further step moves focus to the heading, so a screen reader hears where it is; back at the
  // code, to the code field (the button pressed to get there is gone, and focus with it).
  useEffect(() => {
    if (!isSignedIn) return;
    if (step !== 'code') headingRef.current?.focus();
    else if (hasLinkCode && !isStartedAgain) continueRef.current?.focus();
    else codeRef.current?.focus();
  }, [isSignedIn, step, isStartedAgain, hasLinkCode]);

  if (status === 'unknown') {
    return (
      <div className="auth-page">
        <InlineLoading description="Loading..." />
      </div>
    );
  }
  if (status === 'anonymous') {
    return (
      <div className="auth-page">
        <div className="auth-page__card">
          <p className="auth-page__brand">Scamtrail</p>
          <h1 className="auth-page__title">Device Authorization</h1>
          <p className="auth-page__text">
            A device or command-line tool asks to sign in as you. Sign in first; you come back here to check
            its code and approve or deny it.
          </p>
          <Button as={Link} to={buildLoginPath(fullPath(location))}>
            Sign in to continue
          </Button>
        </div>
      </div>
    );
  }

  function startAgain() {
    lookup.reset();
    decide.reset();
    setStartedAgain(true);
  }

  const title =
    step === 'done'
      ? decision?.status === 'approved'
        ? 'Device signed in'
        : 'Sign-in denied'
      : step === 'review'
        ? 'Approve this sign-in?'
        : 'Device Authorization';

  return (
    <div className="auth-page">
      <div className="auth-page__card">
        <p className="auth-page__brand">Scamtrail</p>
        <h1 className="auth-page__title" ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {step === 'code' && (
          <>
            <p className="auth-page__text">
              Enter the code your device or command-line tool shows to sign it in as you.
            </p>
            <DeviceCodeForm
              inputRef={codeRef}
              submitRef={continueRef}
              initialCode={isStartedAgain ? '' : linkCode}
              pending={lookup.isPending}
              error={lookup.error}
              onSubmit={(userCode) => lookup.mutate(userCode)}
            />
          </>
        )}
        {step === 'review' && request && (
          <DeviceRequestReview
            request={request}
            pending={decide.isPending ? (decide.variables?.decision ?? null) : null}
            error={decide.error}
            onDecide={(choice: Decision) => decide.mutate({ userCode: request.userCode, decision: choice })}
            onCancel={startAgain}
          />
        )}
        {step === 'done' && decision && (
          <Stack gap={6} className="device-review">
            <InlineNotification
              kind={decision.status === 'approved' ? 'success' : 'info'}
              title={decision.status === 'approved' ? 'Approved' : 'Denied'}
              subtitle={
                decision.status === 'approved'
                  ? `${decision.clientName} is signed in as you. You can return to your device; you can end this sign-in, and any API key made with it, at any time from your profile's sessions.`
                  : `${decision.clientName} was refused and is not signed in.`
              }
              lowContrast
              hideCloseButton
            />
            <Button kind="secondary" onClick={startAgain}>
              Enter another code
            </Button>
          </Stack>
        )}
      </div>
    </div>
  );
}
