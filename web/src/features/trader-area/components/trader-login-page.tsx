import { Alert, Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import {
  AUTHENTICATION_INCOMPLETE_MESSAGE,
  traderLoginFormSchema,
  type TraderLoginForm,
} from '@shared/membership/trader-login';
import { ColorModeButton } from '@/components/ui/color-mode';
// Each piece from its own module, not the kit's index: the sign-in screens are in the first load,
// and the index would bring the dialog, checkbox and select code every other form needs.
import { Form } from '@/components/ui/form/form';
import { PasswordField } from '@/components/ui/form/password-field';
import { TextField } from '@/components/ui/form/text-field';
import { ApiError, errorText, logout } from '@/lib/api-client';
import { SignOutNotice } from '@/components/ui/sign-out-notice';
import { saveSession, useSession } from '@/lib/session';
import { useTraderAreaConfig } from '@/api/amember';
import { traderSignIn } from '@/api/auth';
import {
  isValidReturnTo,
  newLoginAttemptId,
  readPendingReturnTo,
  returnPath,
  storeBrokerHints,
  storeMemberLogin,
  storePendingLogin,
  takePendingReturnTo,
} from '../trader-storage';

export const REDIRECTING_MESSAGE =
  'Redirecting to aMember login... After logging in, please manually navigate back to this app to continue.';
const LOGIN_FAILED = 'Login failed';
const UNEXPECTED_ERROR = 'An unexpected error occurred during sign in';
/** Spec 001 §9: the login card is at most 400 px wide. */
const LOGIN_CARD_MAX_WIDTH = '400px';

/**
 * The spec's browser form post to the membership site (spec 001 §7 'Trader login'), so the site's
 * own session exists for the hub's frames; the site sends the browser back to /trader-login.
 */
function postToMembershipSite(loginUrl: string, values: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = loginUrl;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(values)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/**
 * Trader Login (spec 001 §2.22): our API checks the credentials with the membership system and opens
 * the session (decision 7, DESIGN §12); then the form post to the membership site, which comes back
 * here with `amember_success` and `user_id`, and the trader goes where `returnTo` said.
 */
export function TraderLoginPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const loggingOut = (location.state as { logout?: unknown } | null)?.logout === true;
  const session = useSession();
  const config = useTraderAreaConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const form = useForm<TraderLoginForm>({
    resolver: zodResolver(traderLoginFormSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const success = search.get('amember_success');
  const memberId = search.get('user_id');
  // Back from the membership site: only a session our API opened counts; the query's user_id is
  // kept as the member id to show, never as identity.
  const completed = success === '1' && memberId !== null && memberId !== '' && session !== null;
  const incomplete = success !== null && !completed;
  // The trader area's logout comes here and ends the session (see useTraderLogout).
  useEffect(() => {
    if (loggingOut) void logout();
  }, [loggingOut]);

  // Read once, before the pending values are cleared (the spec's version lost it: decision 7).
  const [destination] = useState(() => (completed ? returnPath(readPendingReturnTo()) : null));
  useEffect(() => {
    if (!completed) return;
    storeMemberLogin(memberId);
    takePendingReturnTo();
  }, [completed, memberId]);
  if (destination !== null) return <Navigate to={destination} replace />;

  const onSubmit = async (values: TraderLoginForm) => {
    setFailure(null);
    try {
      const { session: signedIn, rithmicUserId } = await traderSignIn({
        login: values.username,
        password: values.password,
      });
      saveSession(signedIn);
      storeBrokerHints({
        rithmicUserId,
        email: signedIn.user.email,
        login: signedIn.user.username,
      });
      const returnTo = search.get('returnTo');
      const attemptId = newLoginAttemptId();
      storePendingLogin({
        returnTo: isValidReturnTo(returnTo) ? returnTo : undefined,
        target: search.get('target') ?? undefined,
        attemptId,
      });
      setRedirecting(true);
      const loginUrl = config.data?.loginUrl;
      if (loginUrl === undefined) {
        // Without the membership site's address the frames cannot have its session; the trader
        // still gets where they were going.
        window.location.assign(returnPath(takePendingReturnTo()));
        return;
      }
      postToMembershipSite(loginUrl, {
        amember_login: values.username,
        amember_pass: values.password,
        login_attempt_id: attemptId,
        amember_redirect_url: `${window.location.origin}/trader-login`,
      });
    } catch (error) {
      setFailure(error instanceof ApiError ? errorText(error, LOGIN_FAILED) : UNEXPECTED_ERROR);
    }
  };

  const message = errors.username?.message ?? errors.password?.message ?? failure;
  const busy = isSubmitting || redirecting;

  return (
    <Flex minH="100vh" align="center" justify="center" p="4" bg="bg.subtle" position="relative">
      <Box position="absolute" top="4" insetEnd="4">
        <ColorModeButton />
      </Box>
      <Card.Root w="full" maxW={LOGIN_CARD_MAX_WIDTH}>
        <Card.Header>
          <Heading as="h1" size="xl">
            Trader Login
          </Heading>
          <Text color="fg.muted">Sign in with your membership username or email.</Text>
        </Card.Header>
        <Card.Body>
          <Form form={form} onValid={onSubmit} showsUnderField={() => false}>
            <Stack gap="4">
              {incomplete && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{AUTHENTICATION_INCOMPLETE_MESSAGE}</Alert.Title>
                </Alert.Root>
              )}
              {!message && !incomplete && <SignOutNotice />}
              {message && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{message}</Alert.Title>
                </Alert.Root>
              )}
              <TextField<TraderLoginForm>
                name="username"
                label="Username or Email"
                autoComplete="username"
                required
                disabled={busy}
              />
              <PasswordField<TraderLoginForm>
                name="password"
                label="Password"
                autoComplete="current-password"
                required
                disabled={busy}
              />
              <Button type="submit" colorPalette="blue" loading={busy} loadingText="Logging In...">
                Login
              </Button>
              {redirecting && (
                <Text role="status" fontSize="sm" color="fg.muted">
                  {REDIRECTING_MESSAGE}
                </Text>
              )}
            </Stack>
          </Form>
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
